import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { signedWebhook, startPolarServer, type PolarServer } from '../support/polar-server.ts';

const SECRET = `whsec_${Buffer.from('checkout-tests-webhook-secret-000').toString('base64')}`;
let polar: PolarServer;
let app: TestApp;
let reader: Session;

const api = (path: string, session: Session | null, init: RequestInit = {}) =>
  app.fetch(path, { ...init, redirect: 'manual', headers: { accept: 'application/json', origin: TEST_ORIGIN, ...(session ? { cookie: session.cookie } : {}), ...(init.headers as Record<string, string>) } });
const page = async (path: string, session: Session | null) => (await api(path, session, { headers: { accept: 'text/html' } })).text();

beforeAll(async () => {
  polar = await startPolarServer();
  app = await startTestApp({
    seed: false,
    env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, POLAR_API_URL: polar.url, POLAR_ACCESS_TOKEN: polar.token, POLAR_PRODUCT_ID: 'prod_pro_monthly', POLAR_WEBHOOK_SECRET: SECRET },
  });
  reader = await loginAs(app, 'wants-pro', { email: 'wants@example.org' });
});
afterAll(async () => {
  await app.close();
  await polar.stop();
});

describe('POST /api/checkout', () => {
  test('a checkout session with the product, the email, the user id and the way back; {url} of its page', async () => {
    const res = await api('/api/checkout', reader, { method: 'POST' });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toStartWith(`${polar.url}/checkout/`);
    expect(polar.requests.at(-1)).toEqual({
      path: '/v1/checkouts/',
      body: {
        products: ['prod_pro_monthly'],
        customer_email: 'wants@example.org',
        external_customer_id: reader.user.id,
        success_url: 'http://localhost:3000/pro/success?checkout_id={CHECKOUT_ID}',
        return_url: 'http://localhost:3000/pro',
        metadata: { user_id: reader.user.id },
      },
    });
  });

  test('401 for anonymous callers', async () => {
    const res = await api('/api/checkout', null, { method: 'POST' });
    expect([res.status, await res.json()]).toEqual([401, { error: 'unauthorized', message: 'Sign in to continue' }]);
  });

  test('the provider failing is 502 with what it said', async () => {
    polar.failNext(422, 'Product is archived');
    const res = await api('/api/checkout', reader, { method: 'POST' });
    expect([res.status, await res.json()]).toEqual([502, { error: 'bad_gateway', message: 'The payment provider answered 422: Product is archived' }]);
  });

  test('a reader who has Pro already gets 409', async () => {
    const pro = await loginAs(app, 'already-pro', { role: 'pro' });
    const res = await api('/api/checkout', pro, { method: 'POST' });
    expect([res.status, await res.json()]).toEqual([409, { error: 'conflict', message: 'Pro is already active on this account' }]);
  });

  test('without the token or the product: 503 payments_not_configured', async () => {
    const bare = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, POLAR_WEBHOOK_SECRET: SECRET } });
    try {
      const someone = await loginAs(bare, 'someone');
      const res = await bare.fetch('/api/checkout', { method: 'POST', headers: { accept: 'application/json', origin: TEST_ORIGIN, cookie: someone.cookie } });
      expect([res.status, await res.json()]).toEqual([503, { error: 'payments_not_configured', message: 'Payments are not set up: set POLAR_ACCESS_TOKEN and POLAR_PRODUCT_ID' }]);
      expect(await (await bare.fetch('/pro', { headers: { cookie: someone.cookie } })).text()).toContain('Payments are not set up on this Chapterhouse yet.');
    } finally {
      await bare.close();
    }
  });
});

describe('pages', () => {
  test('/pro explains Pro with the free limits in numbers; anonymous readers are asked to sign in first', async () => {
    const html = await page('/pro', null);
    expect(html).toContain('Unlimited listening: every chapter narrated, as many as you like (free: 3 chapters a day).');
    expect(html).toContain('(free: 3 chapters a day)');
    expect(html).toContain('EPUB export of any book or range of chapters');
    expect(html).toContain('href="/login?return_to=%2Fpro"');
    expect(await page('/pro', reader)).toContain('action="/pro/checkout"');
  });

  test('only /pro lets its form end at the provider (form-action also governs the redirect)', async () => {
    const pro = await app.fetch('/pro', { headers: { cookie: reader.cookie } });
    expect(pro.headers.get('content-security-policy')).toContain(`form-action 'self' https: ${polar.url}`);
    expect((await app.fetch('/')).headers.get('content-security-policy')).toContain("form-action 'self';");
  });

  test('the button goes to the provider\'s checkout page; a failure comes back in words', async () => {
    const res = await api('/pro/checkout', reader, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toStartWith(`${polar.url}/checkout/`);
    polar.failNext(500, 'Down for maintenance');
    const failed = await api('/pro/checkout', reader, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    const back = failed.headers.get('location')!;
    expect(back).toBe('/pro?error=failed');
    expect(await page(back, reader)).toContain('The payment provider could not start a checkout. Try again in a moment.');
    // Nothing from the address reaches the page as text.
    expect(await page('/pro?error=Your%20account%20is%20locked', reader)).not.toContain('Your account is locked');
  });

  test('/pro/success waits for the provider, then says Pro is active once the webhook has landed', async () => {
    let html = await page('/pro/success?checkout_id=abc', reader);
    expect(html).toContain('Still waiting for the payment provider');
    expect(html).toContain('hx-get="/pro/status"');
    const signed = signedWebhook(SECRET, { type: 'subscription.created', data: { id: 'sub_1', status: 'active', customer_id: 'cus_wants', customer: { id: 'cus_wants', email: 'wants@example.org', external_id: reader.user.id } } });
    expect((await app.fetch('/api/webhooks/polar', { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(200);
    html = await page('/pro/status', reader);
    expect(html).toContain('Pro is active.');
    expect(html).not.toContain('hx-get');
    expect(await (await api('/api/pro/status', reader)).json()).toEqual({ role: 'pro', pro: true, pro_until: null });
  });

  test('a Pro reader manages the subscription at the provider\'s customer portal', async () => {
    expect(await page('/pro', reader)).toContain('action="/pro/portal"');
    const res = await api('/api/billing/portal', reader, { method: 'POST' });
    expect([res.status, await res.json()]).toEqual([200, { url: `${polar.url}/portal?customer=cus_wants` }]);
    expect(polar.requests.at(-1)).toEqual({ path: '/v1/customer-sessions/', body: { customer_id: 'cus_wants' } });
    const form = await api('/pro/portal', reader, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect([form.status, form.headers.get('location')]).toEqual([303, `${polar.url}/portal?customer=cus_wants`]);
  });
});

test('the account page reads the plan fresh and leads to /pro', async () => {
  const free = await loginAs(app, 'free-reader');
  let html = await (await app.fetch('/account', { headers: { cookie: free.cookie } })).text();
  expect(html).toContain('id="account-plan-link">Get Chapterhouse Pro</a>');
  await app.platform.db.updateTable('app_users').set({ role: 'pro' }).where('id', '=', free.user.id).execute();
  html = await (await app.fetch('/account', { headers: { cookie: free.cookie } })).text();
  expect(html).toContain('id="account-plan-link">Manage your subscription</a>');
});
