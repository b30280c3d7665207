import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, JobsTable, JobStatus } from '../db/schema.ts';
import { jobAdded } from './wake.ts';

/**
 * The queue as plain functions over the `jobs` table (DESIGN rule 7: jobs are data). Each takes a
 * Kysely instance or a transaction, so a feature can enqueue inside its own transaction (open it
 * with transactionWithJobs() so runners are woken when it commits: wake.ts).
 * Leases live in lease.ts; both are re-exported from index.ts.
 */
export type Job = Selectable<JobsTable>;
export type QueueDb = Kysely<Database>;

export interface EnqueueInput {
  kind: string;
  payload?: unknown;
  /** Higher runs first. */
  priority?: number;
  maxAttempts?: number;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job of this kind and key is queued or running, enqueue returns it instead of a copy. */
  dedupeKey?: string;
}

export async function enqueue(db: QueueDb, input: EnqueueInput): Promise<Job> {
  const values = {
    kind: input.kind,
    payload: JSON.stringify(input.payload ?? {}),
    priority: input.priority ?? 0,
    max_attempts: input.maxAttempts ?? 5,
    run_at: input.runAt ?? sql<Date>`now()`,
    dedupe_key: input.dedupeKey ?? null,
  };
  // The partial unique index decides races between concurrent enqueues; a loser reads the winner.
  // The winner may finish between our insert and select: then a fresh insert is right, so retry.
  for (let round = 0; round < 5; round++) {
    const inserted = await db
      .insertInto('jobs')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['kind', 'dedupe_key']).where('dedupe_key', 'is not', null).where('status', 'in', ['queued', 'running']).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      // Runners learn of a job due now at once (wake.ts); a later one is found by their poll.
      if (!input.runAt || input.runAt.getTime() <= Date.now()) jobAdded(db, inserted.kind);
      return inserted;
    }
    const existing = await db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', input.kind)
      .where('dedupe_key', '=', input.dedupeKey ?? null)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (existing) return existing;
  }
  throw new Error(`enqueue of ${input.kind} with dedupe key ${input.dedupeKey} kept racing`);
}

/** A queued job someone now waits for moves ahead of those queued at a lower priority. */
export async function raisePriority(db: QueueDb, id: string, priority: number): Promise<void> {
  await db.updateTable('jobs').set({ priority }).where('id', '=', id).where('status', '=', 'queued').where('priority', '<', priority).execute();
}

export function getJob(db: QueueDb, id: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The status of each job that exists, in one query; ids that are not job ids are simply absent. */
export async function jobStatuses(db: QueueDb, ids: readonly string[]): Promise<Map<string, JobStatus>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (valid.length === 0) return new Map();
  const rows = await db.selectFrom('jobs').select(['id', 'status']).where('id', 'in', valid).execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}

/**
 * Of these ids, the jobs still alive: queued, or running under a lease that has not run out. A job
 * that is neither has ended, or its worker is gone (a restart, a killed thread) and nothing runs it
 * now; its runner will retry it when attempts are left, or end it.
 */
export async function liveJobIds(db: QueueDb, ids: readonly string[]): Promise<Set<string>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (valid.length === 0) return new Set();
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('id', 'in', valid)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '>=', sql<Date>`now()`)])]))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * A queued job is cancelled at once. A running one only gets cancel_requested: its runner sees it
 * at the next heartbeat and aborts the job's signal; the job ends `cancelled` when the body stops.
 * Finished jobs are returned unchanged.
 */
export async function cancel(db: QueueDb, id: string): Promise<Job | undefined> {
  const changed = await db
    .updateTable('jobs')
    .set({
      status: sql`case when status = 'queued' then 'cancelled' else status end`,
      cancel_requested: sql`cancel_requested or status = 'running'`,
      finished_at: sql`case when status = 'queued' then now() else finished_at end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  return changed ?? getJob(db, id);
}
