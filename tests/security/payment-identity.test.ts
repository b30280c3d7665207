import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { signedWebhook } from '../support/polar-server.ts';
import { WEBHOOK_SECRET, startWorld, type World } from './support/world.ts';

/**
 * A payment belongs to the account that paid: the webhook finds it by the customer id already
 * linked to an account, then by the user id sent at checkout (external_id), and by email only when
 * that account's address is verified. An address typed into change-email is unverified, so copying
 * a paying reader's address takes neither their Pro nor their later events.
 */
const clock = testClock();
let world: World;
beforeAll(async () => {
  world = await startWorld({}, { clock: clock.now });
}, 30_000);
afterAll(() => world.app.close());

/** Each event a second after the last, by the test's clock: the handler orders them by this time. */
function post(type: string, data: Record<string, unknown>) {
  clock.advance(1000);
  const signed = signedWebhook(WEBHOOK_SECRET, { type, data, timestamp: clock.now() });
  return world.app.fetch('/api/webhooks/polar', { method: 'POST', headers: signed.headers, body: signed.body });
}
const outcomeOf = async (res: Response) => [res.status, ((await res.json()) as { outcome: string }).outcome];
const billingOf = (id: string) => world.app.platform.db.selectFrom('app_users').select(['role', 'payment_customer_id']).where('id', '=', id).executeTakeFirstOrThrow();
const setEmail = async (session: Session, email: string) => {
  const res = await world.app.fetch('/api/auth/change-email', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', cookie: session.cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ email }) });
  expect(res.status).toBe(200);
};
const subscription = (status: string, customer: Record<string, unknown>) => ({ id: `sub_${crypto.randomUUID()}`, status, customer_id: customer.id, customer });

describe('an address copied by another account', () => {
  let payer: Session;
  let copier: Session;
  beforeAll(async () => {
    payer = await loginAs(world.app, 'pay-owner');
    copier = await loginAs(world.app, 'pay-copier');
    // The copier types the address the payer will give at checkout, before the payment lands.
    await setEmail(copier, 'shared-payer@example.org');
  });

  test('the first event goes to the account named by external_id, not to the one with the address', async () => {
    const res = await post('subscription.created', subscription('active', { id: 'cus_owner', email: 'shared-payer@example.org', external_id: payer.user.id }));
    expect(await outcomeOf(res)).toEqual([200, 'applied']);
    expect(await billingOf(payer.user.id)).toEqual({ role: 'pro', payment_customer_id: 'cus_owner' });
    expect(await billingOf(copier.user.id)).toEqual({ role: 'user', payment_customer_id: null });
  });

  test('later events for that customer keep going to the payer', async () => {
    await post('subscription.updated', subscription('active', { id: 'cus_owner', email: 'shared-payer@example.org' }));
    await post('subscription.updated', { id: 'sub_y', status: 'active', customer_id: 'cus_owner' });
    expect((await billingOf(payer.user.id)).role).toBe('pro');
    expect((await billingOf(copier.user.id)).role).toBe('user');
  });

  test('an order that names only the address is not applied to the unverified copy', async () => {
    const res = await post('order.created', { id: 'ord_copy', status: 'paid', paid: true, customer: { email: 'shared-payer@example.org' } });
    expect(await outcomeOf(res)).toEqual([200, 'unknown_user']);
    expect(await billingOf(copier.user.id)).toEqual({ role: 'user', payment_customer_id: null });
  });

  test('a customer id linked to one account is never moved to another, whatever the event says', async () => {
    const res = await post('subscription.updated', subscription('active', { id: 'cus_owner', email: 'shared-payer@example.org', external_id: copier.user.id }));
    expect(await outcomeOf(res)).toEqual([200, 'unchanged']);
    expect(await billingOf(payer.user.id)).toEqual({ role: 'pro', payment_customer_id: 'cus_owner' });
    expect(await billingOf(copier.user.id)).toEqual({ role: 'user', payment_customer_id: null });
    // The revoke for that customer ends the payer's Pro, and only theirs.
    await post('subscription.revoked', subscription('canceled', { id: 'cus_owner', email: 'shared-payer@example.org' }));
    expect((await billingOf(payer.user.id)).role).toBe('user');
    expect((await billingOf(copier.user.id)).role).toBe('user');
  });
});

describe('an address set after the payment', () => {
  test('neither the customer\'s events nor an order by address reach the account that copied it', async () => {
    const payer = await loginAs(world.app, 'late-payer');
    const copier = await loginAs(world.app, 'late-copier');
    await post('subscription.created', subscription('active', { id: 'cus_late', email: 'late-payer@example.org', external_id: payer.user.id }));
    await setEmail(copier, 'late-payer@example.org');
    await post('subscription.updated', subscription('active', { id: 'cus_late', email: 'late-payer@example.org' }));
    await post('order.created', { id: 'ord_late', status: 'paid', paid: true, customer: { id: 'cus_other', email: 'late-payer@example.org' } });
    expect(await billingOf(payer.user.id)).toEqual({ role: 'pro', payment_customer_id: 'cus_late' });
    expect(await billingOf(copier.user.id)).toEqual({ role: 'user', payment_customer_id: null });
  });
});

describe('an event that names only an email', () => {
  test('the only account with that address, unverified: acknowledged and not applied', async () => {
    const typed = await loginAs(world.app, 'typed-address');
    await setEmail(typed, 'only-typed@example.org');
    const res = await post('subscription.created', subscription('active', { id: 'cus_typed', email: 'only-typed@example.org' }));
    expect(await outcomeOf(res)).toEqual([200, 'unknown_user']);
    expect(await billingOf(typed.user.id)).toEqual({ role: 'user', payment_customer_id: null });
    const recorded = await world.app.platform.db.selectFrom('billing_events').select(['outcome', 'user_id']).orderBy('received_at', 'desc').executeTakeFirstOrThrow();
    expect(recorded).toEqual({ outcome: 'unknown_user', user_id: null });
  });

  test('a verified address (from a provider, or the debug login) still finds its account', async () => {
    const verified = await loginAs(world.app, 'verified-address', { email: 'verified-payer@example.org' });
    const res = await post('subscription.created', subscription('active', { id: 'cus_verified', email: 'Verified-Payer@example.org' }));
    expect(await outcomeOf(res)).toEqual([200, 'applied']);
    expect(await billingOf(verified.user.id)).toEqual({ role: 'pro', payment_customer_id: 'cus_verified' });
  });

  test('changing a verified address clears the verification: the new one finds nothing', async () => {
    const mover = await loginAs(world.app, 'moved-address', { email: 'before-move@example.org' });
    await setEmail(mover, 'after-move@example.org');
    const res = await post('order.created', { id: 'ord_moved', status: 'paid', paid: true, customer: { email: 'after-move@example.org' } });
    expect(await outcomeOf(res)).toEqual([200, 'unknown_user']);
    expect((await billingOf(mover.user.id)).role).toBe('user');
  });
});
