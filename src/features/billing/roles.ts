import { subscriptionAccess, type SubscriptionAccess } from './subscription-state.ts';

/**
 * What a payment event does to a reader's role (decisions.md), as a pure function. A subscription
 * event is judged by the subscription's own state (subscription-state.ts), so the events the
 * provider sends for one change agree whatever order they arrive in:
 *   subscription.created|active|updated|uncanceled|canceled|past_due:
 *     active or trialing → pro; with an end set (a cancel at the period's end) → pro until then,
 *     then user (a scheduled job; an end already past → user at once);
 *     past_due, canceled, unpaid, incomplete_expired → user; incomplete → nothing
 *   subscription.revoked → user
 *   order.created|paid for a paid order → pro (until the end its subscription has set, if any)
 *   order.refunded: a fully refunded order with no subscription → user; a subscription's refund
 *     changes nothing (the provider ends a subscription's access only by revoking it)
 * Anything else changes nothing; `admin` is never changed (the caller checks).
 */
export type RoleDecision =
  | { kind: 'pro' }
  | { kind: 'pro-until'; until: Date }
  | { kind: 'user' }
  | { kind: 'none'; reason: string };

const SUBSCRIPTION_STATE_EVENTS = new Set([
  'subscription.created',
  'subscription.active',
  'subscription.updated',
  'subscription.uncanceled',
  'subscription.canceled',
  'subscription.past_due',
]);

export function decideRole(type: string, data: Record<string, unknown>, now: Date): RoleDecision {
  if (type === 'subscription.revoked') return { kind: 'user' };
  if (SUBSCRIPTION_STATE_EVENTS.has(type)) return fromAccess(subscriptionAccess(data, type === 'subscription.canceled'), now);
  if (type === 'order.created' || type === 'order.paid') return paidOrder(data, now);
  if (type === 'order.refunded') return refundedOrder(data);
  return { kind: 'none', reason: 'event not handled' };
}

function fromAccess(access: SubscriptionAccess, now: Date): RoleDecision {
  switch (access.kind) {
    case 'open':
      return { kind: 'pro' };
    case 'ending':
      // No end stated: Pro stays until the provider revokes the subscription.
      if (!access.at) return { kind: 'pro' };
      return access.at.getTime() <= now.getTime() ? { kind: 'user' } : { kind: 'pro-until', until: access.at };
    case 'closed':
      return { kind: 'user' };
    case 'unknown':
      return { kind: 'none', reason: `subscription ${access.status || 'without a status'}` };
  }
}

function paidOrder(order: Record<string, unknown>, now: Date): RoleDecision {
  if (orderStatus(order) !== 'paid') return { kind: 'none', reason: 'order not paid' };
  const subscription = objectOf(order.subscription);
  if (!subscription) return { kind: 'pro' };
  const access = subscriptionAccess(subscription);
  // A late order of a plan that has since ended does not bring it back: the plan's own events decide.
  if (access.kind === 'closed') return { kind: 'none', reason: 'order of an ended subscription' };
  return access.kind === 'ending' ? fromAccess(access, now) : { kind: 'pro' };
}

function refundedOrder(order: Record<string, unknown>): RoleDecision {
  if (orderStatus(order) !== 'refunded') return { kind: 'none', reason: 'order partly refunded' };
  if (order.subscription_id || objectOf(order.subscription)) return { kind: 'none', reason: 'a subscription\'s refund (its own events decide)' };
  return { kind: 'user' };
}

/** `status` (pending, paid, refunded, partially_refunded); older payloads only say `paid`. */
function orderStatus(order: Record<string, unknown>): string {
  if (typeof order.status === 'string') return order.status;
  return order.paid === true ? 'paid' : 'pending';
}

function objectOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Who the event is about, as the provider states it (queries.ts findPayingUser decides which counts first). */
export function customerOf(data: Record<string, unknown>): { customerId: string | null; email: string | null; externalId: string | null } {
  const customer = objectOf(data.customer) ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    customerId: text(data.customer_id) ?? text(customer.id),
    email: text(customer.email),
    externalId: text(customer.external_id) ?? text(data.external_customer_id),
  };
}
