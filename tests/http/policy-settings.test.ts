import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { listAudit } from '../../src/features/audit/service.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';

/** Admin → Settings: the instance policy as JSON and as a page, its defaults, its audit, and GET /api/policy. */
let free: TestApp;
let paid: TestApp;
let admin: Session;
let reader: Session;
let pro: Session;

const OPEN_DEFAULTS = { limits_enabled: false, audio_chapters_per_day: 3, translations_per_day: 3, pro_features_open: true };
const PAID_DEFAULTS = { limits_enabled: true, audio_chapters_per_day: 3, translations_per_day: 3, pro_features_open: false };

const json = (app: TestApp, method: string, path: string, session: Session | null, body?: unknown) =>
  app.fetch(path, {
    method,
    headers: { accept: 'application/json', origin: TEST_ORIGIN, ...(session ? { cookie: session.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const put = (body: unknown, session: Session | null = admin) => json(free, 'PUT', '/api/admin/settings', session, body);
const page = (app: TestApp, path: string, session: Session | null, headers: Record<string, string> = {}) =>
  app.fetch(path, { headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}), ...headers } });
const form = (values: Record<string, string>, headers: Record<string, string> = {}) =>
  free.fetch('/admin/settings', {
    method: 'POST',
    redirect: 'manual',
    headers: { accept: 'text/html', origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(values).toString(),
  });

beforeAll(async () => {
  [free, paid] = await Promise.all([
    startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } }),
    startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...PAYMENTS_CONFIGURED_ENV, AI_BASE_URL: 'http://127.0.0.1:9/v1' } }),
  ]);
  [admin, reader, pro] = [await loginAs(free, 'owner', { role: 'admin' }), await loginAs(free, 'household-reader'), await loginAs(free, 'household-pro', { role: 'pro' })];
});
afterAll(async () => {
  await Promise.all([free.close(), paid.close()]);
});

describe('defaults', () => {
  test('without a payment provider: no limits, Pro features for every signed-in reader', async () => {
    const res = await json(free, 'GET', '/api/admin/settings', admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ policy: OPEN_DEFAULTS, defaults: OPEN_DEFAULTS, payments_configured: false });
    const open = await json(free, 'GET', '/api/policy', null);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ limits: null, pro_features_open: true, payments: false, translation: false });
  });

  test('with one: the contract\'s limits (3 and 3), Pro features for Pro readers; Pro for sale, translation with an AI service', async () => {
    const owner = await loginAs(paid, 'paid-owner', { role: 'admin' });
    expect(await (await json(paid, 'GET', '/api/admin/settings', owner)).json()).toEqual({ policy: PAID_DEFAULTS, defaults: PAID_DEFAULTS, payments_configured: true });
    expect(await (await json(paid, 'GET', '/api/policy', null)).json()).toEqual({
      limits: { audio_chapters_per_day: 3, translations_per_day: 3 },
      pro_features_open: false,
      payments: true,
      translation: true,
    });
  });

  test('the webhook secret alone makes a paid site, but Pro is for sale only with checkout too', async () => {
    const half = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, POLAR_WEBHOOK_SECRET: PAYMENTS_CONFIGURED_ENV.POLAR_WEBHOOK_SECRET! } });
    try {
      expect(await (await json(half, 'GET', '/api/policy', null)).json()).toEqual({ limits: { audio_chapters_per_day: 3, translations_per_day: 3 }, pro_features_open: false, payments: false, translation: false });
    } finally {
      await half.close();
    }
  });
});

describe('GET|PUT /api/admin/settings', () => {
  test('403 Administrators only for anonymous, user and pro callers, whatever the body', async () => {
    for (const who of [null, reader, pro]) {
      for (const [method, body] of [['GET', undefined], ['PUT', { limits_enabled: true }], ['PUT', { nonsense: 1 }], ['PUT', { audio_chapters_per_day: -5 }]] as const) {
        const res = await json(free, method, '/api/admin/settings', who, body);
        expect([res.status, await res.json()]).toEqual([403, { error: 'forbidden', message: 'Administrators only' }]);
      }
    }
  });

  test('a partial change answers the whole policy, holds on the next read and is audited with what changed', async () => {
    const res = await put({ limits_enabled: true, audio_chapters_per_day: 5 });
    expect(res.status).toBe(200);
    const changed = { limits_enabled: true, audio_chapters_per_day: 5, translations_per_day: 3, pro_features_open: true };
    expect(await res.json()).toEqual({ policy: changed });
    expect(await (await json(free, 'GET', '/api/admin/settings', admin)).json()).toEqual({ policy: changed, defaults: OPEN_DEFAULTS, payments_configured: false });
    expect(await (await json(free, 'GET', '/api/policy', reader)).json()).toEqual({ limits: { audio_chapters_per_day: 5, translations_per_day: 3 }, pro_features_open: true, payments: false, translation: false });
    const [entry] = await listAudit(free.platform.db, { limit: 1 });
    expect(entry).toMatchObject({
      actor: { id: admin.user.id, username: 'owner' },
      action: 'policy.update',
      target: null,
      detail: { limits_enabled: { from: false, to: true }, audio_chapters_per_day: { from: 3, to: 5 } },
    });
    // The same values again change nothing and write nothing.
    expect((await put({ limits_enabled: true, audio_chapters_per_day: 5 })).status).toBe(200);
    expect((await listAudit(free.platform.db, { limit: 10 })).filter((e) => e.action === 'policy.update')).toHaveLength(1);
    expect(await (await put({ limits_enabled: false, audio_chapters_per_day: 3 })).json()).toEqual({ policy: OPEN_DEFAULTS });
  });

  test('400 with a clear message for a value out of range, of the wrong type, or an unknown field; nothing changes', async () => {
    const cases: [unknown, string][] = [
      [{ audio_chapters_per_day: 1001 }, 'audio_chapters_per_day must be a whole number from 0 to 1000'],
      [{ audio_chapters_per_day: -1 }, 'audio_chapters_per_day must be a whole number from 0 to 1000'],
      [{ translations_per_day: 2.5 }, 'translations_per_day must be a whole number from 0 to 1000'],
      [{ translations_per_day: 'three' }, 'translations_per_day must be a whole number from 0 to 1000'],
      [{ translations_per_day: null }, 'translations_per_day must be a whole number from 0 to 1000'],
      [{ limits_enabled: 'yes' }, 'limits_enabled must be true or false'],
      [{ pro_features_open: 1 }, 'pro_features_open must be true or false'],
      [{ limit_enabled: true }, 'limit_enabled: unknown setting (expected one of limits_enabled, audio_chapters_per_day, translations_per_day, pro_features_open)'],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message }]);
    }
    expect((await (await json(free, 'GET', '/api/admin/settings', admin)).json() as { policy: unknown }).policy).toEqual(OPEN_DEFAULTS);
  });

  test('0 and 1000 are accepted', async () => {
    expect(await (await put({ audio_chapters_per_day: 0, translations_per_day: 1000 })).json()).toEqual({ policy: { ...OPEN_DEFAULTS, audio_chapters_per_day: 0, translations_per_day: 1000 } });
    await put({ audio_chapters_per_day: 3, translations_per_day: 3 });
  });
});

describe('the page /admin/settings', () => {
  test('says the defaults in plain words and shows the four values; refused to everyone but admins', async () => {
    const html = await (await page(free, '/admin/settings', admin)).text();
    expect(html).toContain('This server takes no payments: by default there are no limits and every signed-in reader gets Pro features.');
    expect(html).toContain('No AI service is configured, so translation is not offered on this server.');
    expect(html).toContain('<input type="checkbox" id="policy-limits-enabled" name="limits_enabled" value="true" aria-describedby="policy-limits-hint"');
    expect(html).toContain('<input type="checkbox" id="policy-pro-open" name="pro_features_open" value="true" checked aria-describedby="policy-pro-hint"');
    expect(html).toContain('name="audio_chapters_per_day" value="3"');
    expect(html).toContain('hx-post="/admin/settings"');
    for (const who of [null, reader, pro]) expect((await page(free, '/admin/settings', who)).status).toBe(403);
    const fr = await (await page(free, '/admin/settings', admin, { 'accept-language': 'fr' })).text();
    expect(fr).toContain('Ce serveur ne prend pas de paiements : par défaut, il n’y a aucune limite et chaque lecteur connecté a les fonctions Pro.');
  });

  test('on a paid site the defaults name the contract\'s numbers', async () => {
    const owner = await loginAs(paid, 'paid-owner-page', { role: 'admin' });
    const html = await (await page(paid, '/admin/settings', owner)).text();
    expect(html).toContain('This server takes payments: by default readers without Pro may listen to 3 and translate 3 chapters a day, and the Pro features are for Pro readers.');
    expect(html).not.toContain('No AI service is configured');
  });

  test('the form saves (303 and a notice), in place with htmx, and refuses a bad number naming the field', async () => {
    let res = await form({ limits_enabled: 'true', audio_chapters_per_day: '7', translations_per_day: '2', pro_features_open: 'true' });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/admin/settings?saved=1']);
    expect(await (await page(free, '/admin/settings?saved=1', admin)).text()).toContain('Settings saved. They apply at once.');
    expect(await (await json(free, 'GET', '/api/policy', null)).json()).toMatchObject({ limits: { audio_chapters_per_day: 7, translations_per_day: 2 }, pro_features_open: true });
    // An unticked box is absent from the form: off.
    res = await form({ audio_chapters_per_day: '3', translations_per_day: '3' }, { 'hx-request': 'true' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p class="notice notice--ok" role="status">Settings saved. They apply at once.</p>');
    expect((await (await json(free, 'GET', '/api/admin/settings', admin)).json() as { policy: unknown }).policy).toEqual({ ...OPEN_DEFAULTS, pro_features_open: false });
    res = await form({ limits_enabled: 'true', audio_chapters_per_day: '1001', translations_per_day: 'x', pro_features_open: 'true' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Narrated chapters a day: enter a whole number from 0 to 1000.');
    expect(html).toContain('Translated chapters a day: enter a whole number from 0 to 1000.');
    res = await form({ audio_chapters_per_day: '-1', translations_per_day: '3' }, { 'hx-request': 'true' });
    expect(await res.text()).toContain('Narrated chapters a day: enter a whole number from 0 to 1000.');
    expect((await (await json(free, 'GET', '/api/admin/settings', admin)).json() as { policy: unknown }).policy).toEqual({ ...OPEN_DEFAULTS, pro_features_open: false });
    expect((await put({ pro_features_open: true })).status).toBe(200);
  });

  test('a post from another site is refused (CSRF) and changes nothing', async () => {
    const res = await form({ limits_enabled: 'true', audio_chapters_per_day: '1', translations_per_day: '1' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await (await json(free, 'GET', '/api/admin/settings', admin)).json() as { policy: unknown }).policy).toEqual(OPEN_DEFAULTS);
  });

  test('the admin home links to it', async () => {
    const html = await (await page(free, '/admin', admin)).text();
    expect(html).toContain('href="/admin/settings"');
    expect(html).toContain('Daily limits and who gets the Pro features on this server.');
  });
});

describe('controls that work are shown', () => {
  test('with an AI service the chapter has its Translate control; with Pro for sale the account page offers Pro', async () => {
    const chapter = await (await page(paid, '/book/ink-and-alibis/2', null)).text();
    expect(chapter).toContain('class="translation__switch"');
    expect(chapter).toContain('>Translate</button>');
    const someone = await loginAs(paid, 'paid-reader');
    expect(await (await page(paid, '/account', someone)).text()).toContain('id="account-plan-link">Get Chapterhouse Pro</a>');
    expect(await (await page(paid, '/pro', someone)).text()).toContain('action="/pro/checkout"');
  });
});

describe('/pro on a site that takes payments follows the owner\'s rules', () => {
  test('the daily limits are named while they apply; with them off the page says there are none', async () => {
    const owner = await loginAs(paid, 'paid-owner', { role: 'admin' });
    const buyer = await loginAs(paid, 'paid-buyer');
    expect(await (await page(paid, '/pro', buyer)).text()).toContain('(free: 3 chapters a day)');
    expect((await json(paid, 'PUT', '/api/admin/settings', owner, { limits_enabled: false })).status).toBe(200);
    const html = await (await page(paid, '/pro', buyer)).text();
    expect(html).not.toContain('chapters a day');
    expect(html).toContain('There are no daily limits on listening or translation.');
    expect(html).toContain('action="/pro/checkout"');
    expect((await json(paid, 'PUT', '/api/admin/settings', owner, { limits_enabled: true })).status).toBe(200);
  });
});

describe('the account page says what the owner\'s rules give a reader', () => {
  test('Pro features open to every signed-in reader: said on the plan; closed again: the free line', async () => {
    const someone = await loginAs(free, 'plan-reader');
    expect(await (await page(free, '/account', someone)).text()).toContain('The owner of this server gives every signed-in reader the Pro features');
    expect((await put({ pro_features_open: false })).status).toBe(200);
    const closed = await (await page(free, '/account', someone)).text();
    expect(closed).toContain('Reading is free. Pro unlocks the extra features of this server.');
    expect(closed).not.toContain('id="account-plan-link"');
    expect((await put({ pro_features_open: true })).status).toBe(200);
  });
});
