/**
 * What a subscription object in a payment event says about access, read from its own fields and
 * never from the event's name: the provider sends one change as several events (`updated` beside
 * `canceled`, `uncanceled`, `active` or `revoked`), all carrying the same snapshot, in any order.
 *
 *   status active or trialing, no end set          → open (no end)
 *   status active or trialing, an end set          → ending at `ends_at`, else `current_period_end`
 *     (`cancel_at_period_end`, or `ends_at` present)
 *   status past_due, canceled or unpaid, or incomplete_expired, or `ended_at` set → closed
 *   status incomplete (payment pending) or unknown → unknown (changes nothing)
 */
export type SubscriptionAccess =
  | { kind: 'open' }
  | { kind: 'ending'; at: Date | null }
  | { kind: 'closed' }
  | { kind: 'unknown'; status: string };

const OPEN = new Set(['active', 'trialing']);
const CLOSED = new Set(['past_due', 'canceled', 'unpaid', 'incomplete_expired']);

/** `endImplied`: the event itself says the plan was canceled (a `subscription.canceled` without the flags). */
export function subscriptionAccess(subscription: Record<string, unknown>, endImplied = false): SubscriptionAccess {
  const status = String(subscription.status ?? '');
  if (CLOSED.has(status) || dateOf(subscription.ended_at)) return { kind: 'closed' };
  if (!OPEN.has(status)) return { kind: 'unknown', status };
  const endsAt = dateOf(subscription.ends_at);
  if (endsAt || subscription.cancel_at_period_end === true || endImplied) {
    return { kind: 'ending', at: endsAt ?? dateOf(subscription.current_period_end) };
  }
  return { kind: 'open' };
}

export function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
