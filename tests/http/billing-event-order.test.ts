import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { signedWebhook } from '../support/polar-server.ts';
import { endCanceledPro } from '../../src/features/billing/service.ts';

/**
 * The provider's real event sequences (Polar): one change of a subscription is sent as several
 * events carrying the same snapshot, stamped microseconds apart in the order the provider sends
 * them (`updated` first, then `active`, `uncanceled`, `past_due`, `canceled`, `revoked`), and
 * delivered in any order. Every order of each sequence must end in the same role and end date.
 */
const WHSEC = `whsec_${Buffer.from('an-event-order-webhook-secret-0123456789').toString('base64')}`;
const DAY = 86_400_000;
const clock = testClock();
const start = clock.now();
const at = (ms: number) => new Date(start.getTime() + ms);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ seed: false, clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, POLAR_WEBHOOK_SECRET: WHSEC } });
});
afterAll(() => app.close());

// The timeline: subscribed 10 days ago, the period ends in 20 days; the next one 30 days later.
const subscribedAt = at(-10 * DAY);
const canceledAt = at(-2 * DAY);
const uncanceledAt = at(-DAY);
const troubleAt = at(-3_600_000);
const recoveredAt = at(-1_800_000);
const periodEnd = at(20 * DAY);
const nextPeriodEnd = at(50 * DAY);

type Snapshot = Record<string, unknown>;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const snapshot = (changes: Record<string, unknown>): Snapshot => ({
  id: 'sub_event_order',
  status: 'active',
  amount: 500,
  currency: 'usd',
  recurring_interval: 'month',
  current_period_start: iso(subscribedAt),
  current_period_end: iso(periodEnd),
  cancel_at_period_end: false,
  canceled_at: null,
  started_at: iso(subscribedAt),
  ends_at: null,
  ended_at: null,
  created_at: iso(subscribedAt),
  modified_at: iso(subscribedAt),
  product_id: 'prod_pro',
  ...changes,
});
const active = snapshot({});
const incomplete = snapshot({ status: 'incomplete', started_at: null });
const canceling = snapshot({ cancel_at_period_end: true, canceled_at: iso(canceledAt), ends_at: iso(periodEnd), modified_at: iso(canceledAt) });
const uncanceled = snapshot({ modified_at: iso(uncanceledAt) });
const renewed = snapshot({ current_period_start: iso(periodEnd), current_period_end: iso(nextPeriodEnd), modified_at: iso(periodEnd) });
const revokedAt = (when: Date, from: Snapshot = active) => snapshot({ ...from, status: 'canceled', canceled_at: from.canceled_at ?? iso(when), ends_at: iso(when), ended_at: iso(when), modified_at: iso(when) });
const pastDue = snapshot({ status: 'past_due', modified_at: iso(troubleAt) });
const recovered = snapshot({ modified_at: iso(recoveredAt) });

interface Step {
  label: string;
  type: string;
  /** The payload's `timestamp`: when the provider made the event. */
  at: Date;
  data: Record<string, unknown>;
}

/**
 * One change as the provider sends it. Its stamps differ by microseconds, which a millisecond
 * timestamp cannot tell apart: the events of one change land with the same moment.
 */
const change = (when: Date, data: Snapshot, events: [type: string, label?: string][]): Step[] =>
  events.map(([type, label]) => ({ label: label ?? type, type, at: when, data }));
const oneMsApart = (steps: Step[]): Step[] => steps.map((step, index) => ({ ...step, at: new Date(step.at.getTime() + index) }));
const order = (label: string, type: string, when: Date, data: Record<string, unknown>): Step => ({ label, type, at: when, data });
const subscriptionOrder = (id: string, status: string, reason: string, subscription: Snapshot) => ({
  id, status, paid: status !== 'pending', billing_reason: reason, total_amount: 500, refunded_amount: status === 'refunded' ? 500 : 0, subscription_id: subscription.id, subscription, product_id: 'prod_pro',
});
const oneTimeOrder = (status: string, refunded = 0) => ({ id: 'ord_one_time', status, paid: true, billing_reason: 'purchase', total_amount: 500, refunded_amount: refunded, subscription_id: null, subscription: null, product_id: 'prod_pro' });

const creation = [
  ...change(subscribedAt, active, [['subscription.created'], ['subscription.active']]),
  order('order.created', 'order.created', at(-10 * DAY + 2), subscriptionOrder('ord_first', 'paid', 'subscription_create', active)),
  order('order.paid', 'order.paid', at(-10 * DAY + 3), subscriptionOrder('ord_first', 'paid', 'subscription_create', active)),
];
const cancelation = change(canceledAt, canceling, [['subscription.updated', 'updated (cancel at period end)'], ['subscription.canceled']]);
const uncancelation = change(uncanceledAt, uncanceled, [['subscription.updated', 'updated (cancel undone)'], ['subscription.uncanceled']]);

interface Expected {
  role: 'pro' | 'user';
  pro_until: Date | null;
}

interface Scenario {
  name: string;
  /** The moment the webhook lands (the app's clock). */
  now?: Date;
  /** Delivered first, in the provider's order. */
  history?: Step[];
  /** Delivered in every order. */
  deliveries: Step[];
  expected: Expected;
  /** What happens afterwards (the period-end job), for the reader left by every order. */
  then?: (reader: Session) => Promise<void>;
}

const periodEndJobs = async (userId: string) =>
  (await app.platform.db.selectFrom('jobs').select(['payload', 'run_at']).where('kind', '=', 'billing.period-end').execute()).filter((job) => (job.payload as { userId?: string }).userId === userId);

/** The booked job ends the plan at the period's end, not before. */
const endsAtPeriodEnd = async (reader: Session) => {
  const jobs = await periodEndJobs(reader.user.id);
  expect(jobs.map((job) => new Date(job.run_at).toISOString())).toEqual([periodEnd.toISOString()]);
  clock.set(new Date(periodEnd.getTime() - 1000));
  expect(await endCanceledPro(app.platform.db, reader.user.id, clock.now())).toBe(false);
  expect(await proStatus(reader)).toEqual({ role: 'pro', pro: true, pro_until: periodEnd.toISOString() });
  clock.set(new Date(periodEnd.getTime() + 1000));
  expect(await endCanceledPro(app.platform.db, reader.user.id, clock.now())).toBe(true);
  expect(await proStatus(reader)).toEqual({ role: 'user', pro: false, pro_until: null });
};

/** Nothing ends the plan at the old period's end any more. */
const keepsPro = async (reader: Session) => {
  clock.set(new Date(periodEnd.getTime() + 1000));
  expect(await endCanceledPro(app.platform.db, reader.user.id, clock.now())).toBe(false);
  expect(await proStatus(reader)).toEqual({ role: 'pro', pro: true, pro_until: null });
};

const scenarios: Scenario[] = [
  { name: 'creation', deliveries: creation, expected: { role: 'pro', pro_until: null } },
  {
    name: 'creation, the subscription incomplete until paid',
    deliveries: [
      ...change(at(-10 * DAY - 60_000), incomplete, [['subscription.created', 'created (incomplete)']]),
      ...change(subscribedAt, active, [['subscription.updated', 'updated (active)'], ['subscription.active']]),
    ],
    expected: { role: 'pro', pro_until: null },
  },
  { name: 'cancelation at the period end', history: creation, deliveries: cancelation, expected: { role: 'pro', pro_until: periodEnd }, then: endsAtPeriodEnd },
  {
    name: 'cancelation, the events stamped a millisecond apart',
    history: creation,
    deliveries: oneMsApart(cancelation),
    expected: { role: 'pro', pro_until: periodEnd },
    then: endsAtPeriodEnd,
  },
  {
    name: 'cancelation, the creation delivered late',
    deliveries: [...creation.slice(0, 2), ...cancelation],
    expected: { role: 'pro', pro_until: periodEnd },
    then: endsAtPeriodEnd,
  },
  { name: 'cancelation landing after the period ended', now: new Date(periodEnd.getTime() + 60_000), history: creation, deliveries: cancelation, expected: { role: 'user', pro_until: null } },
  { name: 'un-cancelation', history: [...creation, ...cancelation], deliveries: uncancelation, expected: { role: 'pro', pro_until: null }, then: keepsPro },
  { name: 'un-cancelation, the cancel delivered late', history: creation, deliveries: [...cancelation, ...uncancelation], expected: { role: 'pro', pro_until: null }, then: keepsPro },
  {
    name: 'renewal',
    now: new Date(periodEnd.getTime() + 3_600_000),
    history: creation,
    deliveries: [
      order('order.created (renewal)', 'order.created', periodEnd, subscriptionOrder('ord_renewal', 'paid', 'subscription_cycle', renewed)),
      order('order.paid (renewal)', 'order.paid', new Date(periodEnd.getTime() + 1), subscriptionOrder('ord_renewal', 'paid', 'subscription_cycle', renewed)),
      ...change(new Date(periodEnd.getTime() + 2), renewed, [['subscription.updated', 'updated (next period)']]),
    ],
    expected: { role: 'pro', pro_until: null },
  },
  {
    name: 'revocation at once',
    history: creation,
    deliveries: change(troubleAt, revokedAt(troubleAt), [['subscription.updated', 'updated (canceled, ended)'], ['subscription.canceled'], ['subscription.revoked']]),
    expected: { role: 'user', pro_until: null },
  },
  {
    name: 'revocation during a pending cancel',
    history: creation,
    deliveries: [...cancelation, ...change(troubleAt, revokedAt(troubleAt, canceling), [['subscription.updated', 'updated (canceled, ended)'], ['subscription.revoked']])],
    expected: { role: 'user', pro_until: null },
    then: async (reader) => {
      clock.set(new Date(periodEnd.getTime() + 1000));
      expect(await endCanceledPro(app.platform.db, reader.user.id, clock.now())).toBe(false);
    },
  },
  {
    name: 'revocation when the canceled period ends',
    now: new Date(periodEnd.getTime() + 60_000),
    history: creation,
    deliveries: [...cancelation, ...change(periodEnd, revokedAt(periodEnd, canceling), [['subscription.updated', 'updated (canceled, ended)'], ['subscription.revoked']])],
    expected: { role: 'user', pro_until: null },
  },
  {
    name: 'a failed renewal payment (past due)',
    history: creation,
    deliveries: change(troubleAt, pastDue, [['subscription.updated', 'updated (past due)'], ['subscription.past_due'], ['subscription.revoked']]),
    expected: { role: 'user', pro_until: null },
  },
  {
    name: 'the payment recovered after past due',
    history: [...creation, ...change(troubleAt, pastDue, [['subscription.updated'], ['subscription.past_due']])],
    deliveries: [...change(troubleAt, pastDue, [['subscription.revoked']]), ...change(recoveredAt, recovered, [['subscription.updated', 'updated (active)'], ['subscription.active']])],
    expected: { role: 'pro', pro_until: null },
  },
  {
    name: 'refund of a subscription payment (access stays with the plan)',
    history: creation,
    deliveries: [order('order.refunded', 'order.refunded', troubleAt, subscriptionOrder('ord_first', 'refunded', 'subscription_create', active))],
    expected: { role: 'pro', pro_until: null },
  },
  {
    name: 'refund with the plan revoked',
    history: creation,
    deliveries: [
      order('order.refunded', 'order.refunded', troubleAt, subscriptionOrder('ord_first', 'refunded', 'subscription_create', active)),
      ...change(new Date(troubleAt.getTime() + 10), revokedAt(troubleAt), [['subscription.updated', 'updated (canceled, ended)'], ['subscription.canceled'], ['subscription.revoked']]),
    ],
    expected: { role: 'user', pro_until: null },
  },
  {
    name: 'a one-time purchase fully refunded',
    deliveries: [order('order.paid', 'order.paid', subscribedAt, oneTimeOrder('paid')), order('order.refunded', 'order.refunded', troubleAt, oneTimeOrder('refunded', 500))],
    expected: { role: 'user', pro_until: null },
  },
  {
    name: 'a one-time purchase partly refunded',
    deliveries: [order('order.paid', 'order.paid', subscribedAt, oneTimeOrder('paid')), order('order.refunded (partly)', 'order.refunded', troubleAt, oneTimeOrder('partially_refunded', 200))],
    expected: { role: 'pro', pro_until: null },
  },
];

const OUTCOMES = ['applied', 'unchanged', 'ignored', 'stale'];
let readers = 0;

async function newReader(role?: 'admin'): Promise<Session> {
  const n = ++readers;
  return loginAs(app, `order-reader-${n}`, { email: `order-reader-${n}@example.org`, ...(role ? { role } : {}) });
}

async function deliver(reader: Session, step: Step): Promise<string> {
  const customer = { id: `cus_${reader.user.id}`, email: `${reader.user.username}@example.org`, external_id: reader.user.id };
  const data = { ...step.data, customer_id: customer.id, customer };
  const signed = signedWebhook(WHSEC, { type: step.type, data, timestamp: step.at });
  const res = await app.fetch('/api/webhooks/polar', { method: 'POST', headers: signed.headers, body: signed.body });
  const body = (await res.json()) as { received: boolean; outcome: string };
  expect([res.status, body.received]).toEqual([200, true]);
  return body.outcome;
}

async function proStatus(reader: Session) {
  const res = await app.fetch('/api/pro/status', { headers: { cookie: reader.cookie } });
  expect(res.status).toBe(200);
  return res.json();
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

for (const scenario of scenarios) {
  describe(scenario.name, () => {
    for (const [index, sequence] of permutations(scenario.deliveries).entries()) {
      test(`#${index + 1}: ${sequence.map((step) => step.label).join(' → ')}`, async () => {
        clock.set(scenario.now ?? start);
        const reader = await newReader();
        for (const step of scenario.history ?? []) expect(OUTCOMES).toContain(await deliver(reader, step));
        for (const step of sequence) expect(OUTCOMES).toContain(await deliver(reader, step));
        const { role, pro_until } = scenario.expected;
        expect(await proStatus(reader)).toEqual({ role, pro: role === 'pro', pro_until: pro_until?.toISOString() ?? null });
        await scenario.then?.(reader);
      });
    }
  });
}

test('an older event delivered last is answered stale and changes nothing', async () => {
  clock.set(start);
  const reader = await newReader();
  for (const step of creation) await deliver(reader, step);
  const [updated, canceled] = oneMsApart(cancelation);
  expect(await deliver(reader, canceled!)).toBe('unchanged'); // still pro, now with an end
  expect(await deliver(reader, updated!)).toBe('stale');
  expect(await proStatus(reader)).toEqual({ role: 'pro', pro: true, pro_until: periodEnd.toISOString() });
});

test('an admin is never changed, whatever the sequence', async () => {
  clock.set(start);
  const admin = await newReader('admin');
  for (const scenario of scenarios) {
    for (const step of [...(scenario.history ?? []), ...scenario.deliveries]) expect(await deliver(admin, step)).toMatch(/^(admin|stale|ignored)$/);
  }
  expect(await proStatus(admin)).toEqual({ role: 'admin', pro: true, pro_until: null });
  expect(await periodEndJobs(admin.user.id)).toEqual([]);
});
