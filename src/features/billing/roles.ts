/**
 * What a payment event does to a reader's role (decisions.md), as a pure function:
 *   subscription.created|active|updated with status active or trialing → pro
 *   subscription.canceled → pro until the period's end, then user (a scheduled job)
 *   subscription.revoked → user
 *   order.created for a paid order → pro
 * Anything else changes nothing; `admin` is never changed (the caller checks).
 */
export type RoleDecision =
  | { kind: 'pro' }
  | { kind: 'pro-until'; until: Date }
  | { kind: 'user' }
  | { kind: 'none'; reason: string };

const ACTIVE = new Set(['active', 'trialing']);

export function decideRole(type: string, data: Record<string, unknown>, now: Date): RoleDecision {
  switch (type) {
    case 'subscription.created':
    case 'subscription.active':
    case 'subscription.updated':
      return ACTIVE.has(String(data.status)) ? { kind: 'pro' } : { kind: 'none', reason: `subscription ${String(data.status)}` };
    case 'subscription.canceled': {
      const end = dateOf(data.current_period_end) ?? dateOf(data.ends_at);
      if (!end || end.getTime() <= now.getTime()) return { kind: 'user' };
      return { kind: 'pro-until', until: end };
    }
    case 'subscription.revoked':
      return { kind: 'user' };
    case 'order.created':
      return paid(data) ? { kind: 'pro' } : { kind: 'none', reason: 'order not paid' };
    default:
      return { kind: 'none', reason: 'event not handled' };
  }
}

function paid(order: Record<string, unknown>): boolean {
  if (order.paid === true) return true;
  return order.status === 'paid';
}

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Who the event is about, as the provider states it (queries.ts findPayingUser decides which counts first). */
export function customerOf(data: Record<string, unknown>): { customerId: string | null; email: string | null; externalId: string | null } {
  const customer = (typeof data.customer === 'object' && data.customer !== null ? data.customer : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    customerId: text(data.customer_id) ?? text(customer.id),
    email: text(customer.email),
    externalId: text(customer.external_id) ?? text(data.external_customer_id),
  };
}
