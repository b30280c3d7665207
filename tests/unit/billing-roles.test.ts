import { describe, expect, test } from 'bun:test';
import { decideRole, type RoleDecision } from '../../src/features/billing/roles.ts';

const now = new Date('2030-06-15T12:00:00.000Z');
const later = '2030-07-01T00:00:00.000Z';
const earlier = '2030-06-01T00:00:00.000Z';
const sub = (fields: Record<string, unknown>) => ({ id: 'sub_1', status: 'active', current_period_end: later, cancel_at_period_end: false, ends_at: null, ended_at: null, ...fields });
const until = (iso: string): RoleDecision => ({ kind: 'pro-until', until: new Date(iso) });
const none = (reason: string): RoleDecision => ({ kind: 'none', reason });

describe('subscription events: the snapshot decides, not the event name', () => {
  const cases: [string, string, Record<string, unknown>, RoleDecision][] = [
    ['active, no end', 'subscription.updated', sub({}), { kind: 'pro' }],
    ['trialing', 'subscription.created', sub({ status: 'trialing' }), { kind: 'pro' }],
    ['active again', 'subscription.active', sub({}), { kind: 'pro' }],
    ['uncanceled', 'subscription.uncanceled', sub({}), { kind: 'pro' }],
    ['an update carrying a cancel at the period end', 'subscription.updated', sub({ cancel_at_period_end: true, ends_at: later }), until(later)],
    ['the cancel itself', 'subscription.canceled', sub({ cancel_at_period_end: true, ends_at: later }), until(later)],
    ['cancel flag without ends_at: the period end', 'subscription.updated', sub({ cancel_at_period_end: true }), until(later)],
    ['ends_at wins over the period end', 'subscription.canceled', sub({ cancel_at_period_end: true, ends_at: '2030-06-20T00:00:00.000Z' }), until('2030-06-20T00:00:00.000Z')],
    ['a canceled event without the flags still ends at the period end', 'subscription.canceled', sub({}), until(later)],
    ['an end already past', 'subscription.canceled', sub({ cancel_at_period_end: true, ends_at: earlier, current_period_end: earlier }), { kind: 'user' }],
    ['an end exactly now', 'subscription.updated', sub({ cancel_at_period_end: true, ends_at: now.toISOString() }), { kind: 'user' }],
    ['a cancel with no date at all keeps pro until revoked', 'subscription.canceled', sub({ current_period_end: null }), { kind: 'pro' }],
    ['canceled at once (status canceled)', 'subscription.canceled', sub({ status: 'canceled', ends_at: earlier, ended_at: earlier }), { kind: 'user' }],
    ['an update of an ended plan', 'subscription.updated', sub({ status: 'canceled', ended_at: earlier }), { kind: 'user' }],
    ['ended_at set while still marked active', 'subscription.updated', sub({ ended_at: earlier }), { kind: 'user' }],
    ['past due', 'subscription.past_due', sub({ status: 'past_due' }), { kind: 'user' }],
    ['unpaid', 'subscription.updated', sub({ status: 'unpaid' }), { kind: 'user' }],
    ['incomplete expired', 'subscription.updated', sub({ status: 'incomplete_expired' }), { kind: 'user' }],
    ['incomplete: payment pending', 'subscription.created', sub({ status: 'incomplete' }), none('subscription incomplete')],
    ['no status', 'subscription.updated', { id: 'sub_1' }, none('subscription without a status')],
    ['revoked, whatever the snapshot says', 'subscription.revoked', sub({}), { kind: 'user' }],
  ];
  for (const [name, type, data, expected] of cases) {
    test(`${type}: ${name}`, () => expect(decideRole(type, data, now)).toEqual(expected));
  }
});

describe('orders', () => {
  const cases: [string, string, Record<string, unknown>, RoleDecision][] = [
    ['a paid order', 'order.created', { status: 'paid', paid: true }, { kind: 'pro' }],
    ['order.paid', 'order.paid', { status: 'paid', paid: true, subscription_id: 'sub_1', subscription: sub({}) }, { kind: 'pro' }],
    ['a paid order without a status (older payloads)', 'order.created', { paid: true }, { kind: 'pro' }],
    ['a pending order', 'order.created', { status: 'pending', paid: false }, none('order not paid')],
    ['a paid order whose plan is set to end keeps that end', 'order.paid', { status: 'paid', subscription_id: 'sub_1', subscription: sub({ cancel_at_period_end: true, ends_at: later }) }, until(later)],
    ['a paid order of a plan that has ended', 'order.paid', { status: 'paid', subscription_id: 'sub_1', subscription: sub({ status: 'canceled', ended_at: earlier }) }, none('order of an ended subscription')],
    ['order.updated is not a payment', 'order.updated', { status: 'paid', paid: true }, none('event not handled')],
    ['a one-time order fully refunded', 'order.refunded', { status: 'refunded', paid: true, subscription_id: null }, { kind: 'user' }],
    ['a one-time order partly refunded', 'order.refunded', { status: 'partially_refunded', paid: true, subscription_id: null }, none('order partly refunded')],
    ['a subscription payment refunded', 'order.refunded', { status: 'refunded', paid: true, subscription_id: 'sub_1' }, none('a subscription\'s refund (its own events decide)')],
    ['a refunded order is not a payment', 'order.created', { status: 'refunded', paid: true }, none('order not paid')],
  ];
  for (const [name, type, data, expected] of cases) {
    test(`${type}: ${name}`, () => expect(decideRole(type, data, now)).toEqual(expected));
  }
});

test('other events change nothing', () => {
  expect(decideRole('checkout.updated', { status: 'succeeded' }, now)).toEqual(none('event not handled'));
  expect(decideRole('customer.state_changed', {}, now)).toEqual(none('event not handled'));
});
