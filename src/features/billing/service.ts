import type { Kysely } from 'kysely';
import type { Database, Role } from '../../platform/db/schema.ts';
import type { Logger } from '../../platform/log.ts';
import { enqueueKind, transactionWithJobs, type JobKindSpec } from '../../platform/queue/index.ts';
import type { VerifiedEvent } from '../../integrations/payments/index.ts';
import { customerOf, decideRole } from './roles.ts';
import { notifyRoleChange } from './notify.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export interface BillingDeps {
  db: Db;
  log: Logger;
  clock: () => Date;
  /** The job that ends a canceled subscription's Pro at its period's end. */
  periodEndKind: JobKindSpec;
}

export type WebhookOutcome = 'duplicate' | 'unknown_user' | 'stale' | 'ignored' | 'admin' | 'applied' | 'unchanged';

/**
 * One verified event, in one transaction: recorded (a retried `webhook-id` stops here), its user
 * found and locked, an event older than the newest one applied to that user ignored (by the
 * event's own `timestamp`), the role set by roles.ts from the state the event carries (never an
 * admin's), the customer id kept, a notification when the role changes, and for a cancel the
 * downgrade booked at the period's end.
 */
export async function applyWebhook(deps: BillingDeps, event: VerifiedEvent): Promise<WebhookOutcome> {
  const outcome = await transactionWithJobs(deps.db, async (trx) => {
    if (!(await q.insertEvent(trx, event))) return { outcome: 'duplicate' as const };
    const who = customerOf(event.data);
    const user = await q.findPayingUser(trx, who);
    if (!user) {
      await q.settleEvent(trx, event.id, { outcome: 'unknown_user', userId: null, role: null });
      return { outcome: 'unknown_user' as const, who };
    }
    if (who.customerId) await q.rememberCustomer(trx, user.id, who.customerId);
    const settle = async (outcome: WebhookOutcome, role: Role | null = user.role) => (await q.settleEvent(trx, event.id, { outcome, userId: user.id, role }), { outcome });
    if (user.billing_event_at && new Date(user.billing_event_at).getTime() > event.time.getTime()) return settle('stale');
    const decision = decideRole(event.type, event.data, deps.clock());
    if (decision.kind === 'none') return settle('ignored');
    if (user.role === 'admin') return settle('admin');
    const role: Role = decision.kind === 'user' ? 'user' : 'pro';
    const proUntil = decision.kind === 'pro-until' ? decision.until : null;
    await q.setBilling(trx, user.id, { role, proUntil, eventAt: event.time });
    // The provider states one cancel in several events: one job per distinct end is enough.
    if (proUntil && !sameMoment(proUntil, user.pro_until)) await enqueueKind(trx, deps.periodEndKind, { userId: user.id }, { runAt: proUntil });
    if (role === user.role) return settle('unchanged', role);
    await notifyRoleChange(trx, user.id, role === 'pro' ? 'pro' : 'user');
    return settle('applied', role);
  });
  if ('who' in outcome) deps.log.warn('payment event for an unknown customer', { id: event.id, type: event.type, ...outcome.who });
  else deps.log.info('payment event', { id: event.id, type: event.type, outcome: outcome.outcome });
  return outcome.outcome;
}

function sameMoment(a: Date, b: Date | string | null): boolean {
  return b !== null && new Date(b).getTime() === a.getTime();
}

/** The `billing.period-end` job: a canceled subscription's paid time is over. */
export async function endCanceledPro(db: Db, userId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await q.expirePro(trx, userId, now);
    if (ended) await notifyRoleChange(trx, userId, 'user');
    return Boolean(ended);
  });
}
