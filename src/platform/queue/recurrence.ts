import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { complete } from './lease.ts';
import { enqueue, type Job, type QueueDb } from './queue.ts';
import type { JobKindSpec } from './registry.ts';

/**
 * Recurring kinds (JobKindSpec.recurrence). One run is pending at a time: the kind's dedupe key is
 * unique among queued and running jobs, so every process may call scheduleRecurring() at start. A
 * run that ends well hands the key to the next run, due `every` after it ended by the runner's
 * clock, in the commit that completes it: a retried or fenced-off attempt never books twice. A run
 * that fails is retried like any job, keeping the key; after its last attempt the key passes to the
 * next run all the same, due `every` after the failure (outcome.ts).
 */

/** What the commit that completes a run needs to book the next one (it travels to the worker thread). */
export interface NextRun {
  key: string;
  /** NaN when the kind's `every` could not read it from the payload: completing then fails. */
  afterMs: number;
  maxAttempts: number;
}

export function nextRunOf(spec: JobKindSpec, payload: unknown): NextRun | null {
  const recurrence = spec.recurrence;
  if (!recurrence) return null;
  let afterMs = Number.NaN;
  try {
    afterMs = typeof recurrence.every === 'number' ? recurrence.every : recurrence.every(payload);
  } catch {
    // Reported when the run completes (bookNextRun), where the job's error can say so.
  }
  return { key: recurrence.key, afterMs, maxAttempts: spec.maxAttempts };
}

export interface ScheduleOptions {
  payload?: unknown;
  /** Also move a queued run that is due later forward to `at` (a restart wants fresh figures soon). */
  bringForward?: boolean;
}

/** Keeps one run of a recurring kind pending, first due at `at` (when none is pending yet). */
export async function scheduleRecurring(db: QueueDb, spec: JobKindSpec, at: Date, options: ScheduleOptions = {}): Promise<void> {
  const key = spec.recurrence?.key;
  if (!key) throw new Error(`job kind ${spec.kind} is not recurring`);
  await enqueue(db, { kind: spec.kind, payload: options.payload ?? {}, maxAttempts: spec.maxAttempts, runAt: at, dedupeKey: key });
  if (!options.bringForward) return;
  await db
    .updateTable('jobs')
    .set({ run_at: sql<Date>`least(run_at, ${at})` })
    .where('kind', '=', spec.kind)
    .where('dedupe_key', '=', key)
    .where('status', '=', 'queued')
    .execute();
}

/** In the transaction that completes `job`: hands its key to the next run, due `afterMs` after `now`. */
export async function bookNextRun(trx: QueueDb, job: Pick<Job, 'id' | 'kind' | 'payload'>, next: NextRun, now: Date): Promise<void> {
  if (!Number.isFinite(next.afterMs)) throw new Error(`job kind ${job.kind}: the recurrence's interval is not a number`);
  await trx.updateTable('jobs').set({ dedupe_key: null }).where('id', '=', job.id).execute();
  await enqueue(trx, { kind: job.kind, payload: job.payload, maxAttempts: next.maxAttempts, runAt: new Date(now.getTime() + next.afterMs), dedupeKey: next.key });
}

/** The runner's completion of a recurring run whose body returned without ctx.finish(): one commit. */
export function completeAndBookNext(db: QueueDb, job: Job, owner: string, result: unknown, next: NextRun, clock: Clock): Promise<Job | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await complete(trx, job.id, owner, result);
    if (row) await bookNextRun(trx, row, next, clock());
    return row;
  });
}
