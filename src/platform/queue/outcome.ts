import { complete, fail, markCancelled, release } from './lease.ts';
import { getJob, type Job, type QueueDb } from './queue.ts';
import type { AbortReason } from './protocol.ts';
import type { Outcome } from './slot.ts';

/**
 * What a body's outcome means for its row, given why (if at all) the runner aborted it.
 * Every write is fenced on the owner token; undefined means this attempt no longer owns the job.
 */
export async function recordOutcome(
  db: QueueDb,
  attempt: { job: Job; owner: string; abortReason: AbortReason | null },
  outcome: Outcome,
  backoffBaseMs: number | undefined,
): Promise<Job | undefined> {
  const { job, owner, abortReason } = attempt;
  // A body that returned is done, even if an abort arrived meanwhile: its work happened.
  if (outcome.type === 'done') {
    const row = await complete(db, job.id, owner, outcome.result);
    if (row) return row;
    // ctx.finish() already completed it inside the body's own transaction.
    const now = await getJob(db, job.id);
    return now?.status === 'done' && now.locked_by === owner ? now : undefined;
  }
  if (abortReason === 'cancelled') return markCancelled(db, job.id, owner);
  if (abortReason === 'shutdown') return release(db, job.id, owner);
  if (abortReason === 'lease-lost') return undefined;
  const message = outcome.type === 'crashed' ? `worker crashed: ${outcome.message}` : outcome.message;
  const retryable = outcome.type === 'crashed' || !outcome.permanent;
  return fail(db, job.id, owner, message, { retryable, backoffBaseMs });
}
