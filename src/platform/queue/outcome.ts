import type { Clock } from '../clock.ts';
import { complete, fail, markCancelled, release } from './lease.ts';
import { getJob, type Job, type QueueDb } from './queue.ts';
import type { AbortReason } from './protocol.ts';
import { bookNextRun, completeAndBookNext, type NextRun } from './recurrence.ts';
import type { Outcome } from './slot.ts';

export interface OutcomeOptions {
  /** Retry backoff base (see fail()). */
  backoffBaseMs: number | undefined;
  /** A recurring kind's next run, booked with the completion. */
  next: NextRun | null;
  clock: Clock;
}

/**
 * What a body's outcome means for its row, given why (if at all) the runner aborted it.
 * Every write is fenced on the owner token; undefined means this attempt no longer owns the job.
 */
export async function recordOutcome(
  db: QueueDb,
  attempt: { job: Job; owner: string; abortReason: AbortReason | null },
  outcome: Outcome,
  { backoffBaseMs, next, clock }: OutcomeOptions,
): Promise<Job | undefined> {
  const { job, owner, abortReason } = attempt;
  // A body that returned is done, even if an abort arrived meanwhile: its work happened.
  if (outcome.type === 'done') {
    const row = next ? await completeAndBookNext(db, job, owner, outcome.result, next, clock) : await complete(db, job.id, owner, outcome.result);
    if (row) return row;
    // ctx.finish() already completed it (and booked a recurring kind's next run) in the body's own transaction.
    const now = await getJob(db, job.id);
    return now?.status === 'done' && now.locked_by === owner ? now : undefined;
  }
  if (abortReason === 'cancelled') return markCancelled(db, job.id, owner);
  if (abortReason === 'shutdown') return release(db, job.id, owner);
  if (abortReason === 'lease-lost') return undefined;
  const message = outcome.type === 'crashed' ? `worker crashed: ${outcome.message}` : outcome.message;
  const retryable = outcome.type === 'crashed' || !outcome.permanent;
  if (!next || !Number.isFinite(next.afterMs)) return fail(db, job.id, owner, message, { retryable, backoffBaseMs });
  // A recurring run that failed for good still hands its key on: one bad night (the database away
  // through every retry) must not stop the schedule until a process restarts.
  return db.transaction().execute(async (trx) => {
    const row = await fail(trx, job.id, owner, message, { retryable, backoffBaseMs });
    if (row?.status === 'failed') await bookNextRun(trx, row, next, clock());
    return row;
  });
}
