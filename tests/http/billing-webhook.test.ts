import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { signedWebhook } from '../support/polar-server.ts';
import { endCanceledPro } from '../../src/features/billing/service.ts';

const WHSEC = `whsec_${Buffer.from('a-standard-webhooks-secret-0123456789').toString('base64')}`;
let app: TestApp;

const post = (secret: string, event: Parameters<typeof signedWebhook>[1], options: Parameters<typeof signedWebhook>[2] = {}) => {
  const signed = signedWebhook(secret, event, options);
  return app.fetch('/api/webhooks/polar', { method: 'POST', headers: signed.headers, body: signed.body });
};
const roleOf = async (id: string) => (await app.platform.db.selectFrom('app_users').select(['role', 'pro_until', 'payment_customer_id']).where('id', '=', id).executeTakeFirstOrThrow());
const subscription = (status: string, customer: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: `sub_${crypto.randomUUID()}`, status, customer_id: customer.id, customer, ...extra });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, POLAR_WEBHOOK_SECRET: WHSEC } });
});
afterAll(() => app.close());

describe('roles', () => {
  let reader: Session;
  beforeAll(async () => {
    reader = await loginAs(app, 'payer', { email: 'payer@example.org' });
  });

  test('subscription.created (active): pro, the customer id kept, a notification, the event recorded', async () => {
    const res = await post(WHSEC, { type: 'subscription.created', data: subscription('active', { id: 'cus_payer', email: 'payer@example.org', external_id: reader.user.id }) }, { id: 'msg_created_1' });
    expect([res.status, await res.json()]).toEqual([200, { received: true, outcome: 'applied' }]);
    expect(await roleOf(reader.user.id)).toMatchObject({ role: 'pro', payment_customer_id: 'cus_payer', pro_until: null });
    const notes = await app.platform.db.selectFrom('notifications').select(['title', 'link']).where('user_id', '=', reader.user.id).execute();
    expect(notes).toContainEqual({ title: 'Chapterhouse Pro is active', link: '/pro/success' });
    const recorded = await app.platform.db.selectFrom('billing_events').selectAll().where('id', '=', 'msg_created_1').executeTakeFirstOrThrow();
    expect([recorded.type, recorded.outcome, recorded.user_id, recorded.role]).toEqual(['subscription.created', 'applied', reader.user.id, 'pro']);
    // The next request sees it: the role is read fresh.
    expect(((await (await app.fetch('/api/pro/status', { headers: { cookie: reader.cookie } })).json()) as { pro: boolean }).pro).toBe(true);
  });

  test('a replayed delivery is acknowledged and applied once', async () => {
    await post(WHSEC, { type: 'subscription.revoked', data: subscription('canceled', { id: 'cus_payer' }) }, { id: 'msg_revoke_1' });
    expect((await roleOf(reader.user.id)).role).toBe('user');
    await post(WHSEC, { type: 'subscription.created', data: subscription('active', { id: 'cus_payer' }) }, { id: 'msg_recreate' });
    const replay = await post(WHSEC, { type: 'subscription.revoked', data: subscription('canceled', { id: 'cus_payer' }) }, { id: 'msg_revoke_1' });
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    expect((await roleOf(reader.user.id)).role).toBe('pro');
    const count = await app.platform.db.selectFrom('billing_events').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '=', 'msg_revoke_1').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test('canceled keeps pro until the period ends; then the booked job makes the reader a user again', async () => {
    const end = new Date(Date.now() + 3_600_000);
    await post(WHSEC, { type: 'subscription.canceled', data: subscription('active', { id: 'cus_payer' }, { current_period_end: end.toISOString(), cancel_at_period_end: true }) });
    const during = await roleOf(reader.user.id);
    expect(during.role).toBe('pro');
    expect(new Date(during.pro_until!).getTime()).toBe(end.getTime());
    const job = await app.platform.db.selectFrom('jobs').select(['run_at', 'payload']).where('kind', '=', 'billing.period-end').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(new Date(job.run_at).getTime()).toBe(end.getTime());
    expect(await endCanceledPro(app.platform.db, reader.user.id, new Date(end.getTime() - 1000))).toBe(false);
    expect(await endCanceledPro(app.platform.db, reader.user.id, new Date(end.getTime() + 1000))).toBe(true);
    expect(await roleOf(reader.user.id)).toMatchObject({ role: 'user', pro_until: null });
  });

  test('a renewal after a cancel clears the end, so the booked job changes nothing', async () => {
    const end = new Date(Date.now() + 3_600_000);
    await post(WHSEC, { type: 'subscription.created', data: subscription('active', { id: 'cus_payer' }) });
    await post(WHSEC, { type: 'subscription.canceled', data: subscription('active', { id: 'cus_payer' }, { current_period_end: end.toISOString() }) });
    await post(WHSEC, { type: 'subscription.updated', data: subscription('active', { id: 'cus_payer' }, { cancel_at_period_end: false }) });
    expect(await endCanceledPro(app.platform.db, reader.user.id, new Date(end.getTime() + 1000))).toBe(false);
    expect(await roleOf(reader.user.id)).toMatchObject({ role: 'pro', pro_until: null });
  });

  test('order.created: a paid order makes pro, an unpaid one changes nothing', async () => {
    const buyer = await loginAs(app, 'buyer', { email: 'buyer@example.org' });
    let res = await post(WHSEC, { type: 'order.created', data: { id: 'ord_1', status: 'pending', paid: false, customer_id: 'cus_buyer', customer: { id: 'cus_buyer', email: 'buyer@example.org' } } });
    expect(((await res.json()) as { outcome: string }).outcome).toBe('ignored');
    expect((await roleOf(buyer.user.id)).role).toBe('user');
    res = await post(WHSEC, { type: 'order.created', data: { id: 'ord_2', status: 'paid', paid: true, customer_id: 'cus_buyer', customer: { id: 'cus_buyer', email: 'buyer@example.org' } } });
    expect(((await res.json()) as { outcome: string }).outcome).toBe('applied');
    expect((await roleOf(buyer.user.id)).role).toBe('pro');
  });

  test('subscription statuses other than active or trialing change nothing; trialing is pro', async () => {
    const trial = await loginAs(app, 'trialist', { email: 'trial@example.org' });
    await post(WHSEC, { type: 'subscription.created', data: subscription('incomplete', { id: 'cus_trial', email: 'trial@example.org' }) });
    expect((await roleOf(trial.user.id)).role).toBe('user');
    await post(WHSEC, { type: 'subscription.active', data: subscription('trialing', { id: 'cus_trial', email: 'trial@example.org' }) });
    expect((await roleOf(trial.user.id)).role).toBe('pro');
  });

  test('an admin is never changed by payment events', async () => {
    const admin = await loginAs(app, 'the-owner', { role: 'admin', email: 'owner@example.org' });
    const res = await post(WHSEC, { type: 'subscription.revoked', data: subscription('canceled', { id: 'cus_owner', email: 'owner@example.org' }) });
    expect(((await res.json()) as { outcome: string }).outcome).toBe('admin');
    expect((await roleOf(admin.user.id)).role).toBe('admin');
  });
});

describe('finding the reader', () => {
  test('by customer id, then by external id = user id, then by a verified customer email (any case)', async () => {
    const byEmail = await loginAs(app, 'by-email', { email: 'Mixed.Case@Example.org' });
    const byExternal = await loginAs(app, 'by-external');
    await post(WHSEC, { type: 'subscription.created', data: subscription('active', { id: 'cus_email', email: 'mixed.case@example.org' }) });
    expect(await roleOf(byEmail.user.id)).toMatchObject({ role: 'pro', payment_customer_id: 'cus_email' });
    await post(WHSEC, { type: 'subscription.created', data: subscription('active', { id: 'cus_ext', email: 'nobody@example.org', external_id: byExternal.user.id }) });
    expect(await roleOf(byExternal.user.id)).toMatchObject({ role: 'pro', payment_customer_id: 'cus_ext' });
    // Later events carry only the customer id: it is enough now.
    await post(WHSEC, { type: 'subscription.revoked', data: { id: 'sub_x', status: 'canceled', customer_id: 'cus_ext' } });
    expect((await roleOf(byExternal.user.id)).role).toBe('user');
  });

  test('an unknown customer is acknowledged, recorded and changes nobody', async () => {
    const res = await post(WHSEC, { type: 'subscription.created', data: subscription('active', { id: 'cus_ghost', email: 'ghost@example.org', external_id: 'not-a-uuid' }) }, { id: 'msg_ghost' });
    expect([res.status, await res.json()]).toEqual([200, { received: true, outcome: 'unknown_user' }]);
    expect((await app.platform.db.selectFrom('billing_events').select('outcome').where('id', '=', 'msg_ghost').executeTakeFirstOrThrow()).outcome).toBe('unknown_user');
  });
});

describe('order of events', () => {
  test('an older event arriving after a newer one does not override it', async () => {
    const late = await loginAs(app, 'late-events', { email: 'late@example.org' });
    const customer = { id: 'cus_late', email: 'late@example.org' };
    // The revoke (newer) is delivered first; the created (older) comes after it.
    await post(WHSEC, { type: 'subscription.revoked', data: subscription('canceled', customer), timestamp: minutesAgo(1) });
    const res = await post(WHSEC, { type: 'subscription.created', data: subscription('active', customer), timestamp: minutesAgo(3) });
    expect(((await res.json()) as { outcome: string }).outcome).toBe('stale');
    expect((await roleOf(late.user.id)).role).toBe('user');
  });

  test('subscription.updated arriving before subscription.created ends in pro', async () => {
    const early = await loginAs(app, 'early-update', { email: 'early@example.org' });
    const customer = { id: 'cus_early', email: 'early@example.org' };
    await post(WHSEC, { type: 'subscription.updated', data: subscription('active', customer), timestamp: minutesAgo(1) });
    await post(WHSEC, { type: 'subscription.created', data: subscription('active', customer), timestamp: minutesAgo(2) });
    expect((await roleOf(early.user.id)).role).toBe('pro');
  });
});

describe('refusals: 403 and nothing changes', () => {
  let victim: Session;
  const event = () => ({ type: 'subscription.created', data: subscription('active', { id: 'cus_victim', email: 'victim@example.org' }) });
  beforeAll(async () => {
    victim = await loginAs(app, 'victim', { email: 'victim@example.org' });
  });
  const refused = async (res: Response) => {
    expect([res.status, await res.json()]).toEqual([403, { error: 'forbidden', message: 'Invalid webhook signature' }]);
    expect((await roleOf(victim.user.id)).role).toBe('user');
  };

  test('signed with another secret', async () => {
    await refused(await post(`whsec_${Buffer.from('some-other-secret-entirely-0000').toString('base64')}`, event()));
  });

  test('a stale timestamp (over 5 minutes)', async () => {
    await refused(await post(WHSEC, event(), { at: minutesAgo(6) }));
  });

  test('a body changed after signing', async () => {
    const signed = signedWebhook(WHSEC, event());
    await refused(await app.fetch('/api/webhooks/polar', { method: 'POST', headers: signed.headers, body: signed.body.replace('cus_victim', 'cus_other') }));
  });

  test('a missing header, or none at all', async () => {
    const signed = signedWebhook(WHSEC, event());
    const { 'webhook-signature': _, ...headers } = signed.headers;
    await refused(await app.fetch('/api/webhooks/polar', { method: 'POST', headers, body: signed.body }));
    await refused(await app.fetch('/api/webhooks/polar', { method: 'POST', headers: { 'content-type': 'application/json' }, body: signed.body }));
  });

  test('several signatures in the header: one that verifies is enough', async () => {
    const signed = signedWebhook(WHSEC, event());
    const headers = { ...signed.headers, 'webhook-signature': `v1,${Buffer.from('x'.repeat(32)).toString('base64')} ${signed.headers['webhook-signature']}` };
    const res = await app.fetch('/api/webhooks/polar', { method: 'POST', headers, body: signed.body });
    expect(res.status).toBe(200);
    expect((await roleOf(victim.user.id)).role).toBe('pro');
  });
});

test('a plain (non-whsec) secret verifies as its own UTF-8 bytes, as the provider\'s SDK does', async () => {
  const plain = 'polar_whs_plain_secret_value_0123456789';
  const other = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, POLAR_WEBHOOK_SECRET: plain } });
  try {
    const reader = await loginAs(other, 'plain-payer', { email: 'plain@example.org' });
    const signed = signedWebhook(plain, { type: 'subscription.created', data: subscription('active', { id: 'cus_plain', email: 'plain@example.org' }) });
    const res = await other.fetch('/api/webhooks/polar', { method: 'POST', headers: signed.headers, body: signed.body });
    expect(res.status).toBe(200);
    expect((await other.platform.db.selectFrom('app_users').select('role').where('id', '=', reader.user.id).executeTakeFirstOrThrow()).role).toBe('pro');
    const wrong = signedWebhook(WHSEC, { type: 'subscription.created', data: subscription('active', { id: 'cus_plain' }) });
    expect((await other.fetch('/api/webhooks/polar', { method: 'POST', headers: wrong.headers, body: wrong.body })).status).toBe(403);
  } finally {
    await other.close();
  }
});

test('without POLAR_WEBHOOK_SECRET the webhook answers 503 payments_not_configured', async () => {
  const bare = await startTestApp({ seed: false });
  try {
    const signed = signedWebhook(WHSEC, { type: 'subscription.created', data: {} });
    const res = await bare.fetch('/api/webhooks/polar', { method: 'POST', headers: signed.headers, body: signed.body });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe('payments_not_configured');
  } finally {
    await bare.close();
  }
});
