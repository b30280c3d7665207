import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Job, QueueDb } from './queue.ts';

/**
 * Leases. A claim stamps `locked_by` with an owner token `<workerId>#<attempt>.<nonce>`, unique per claim,
 * and every later write is fenced on it (status = 'running' and locked_by = owner). A worker whose
 * lease expired and was taken over (even by its own process) can never complete, fail or report
 * progress on the job again: that is what makes completion exactly-once.
 */
const leaseFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds}::float8)`;
const now = sql<Date>`now()`;
const MAX_BACKOFF_SECONDS = 300;

export interface ClaimOptions {
  kinds: readonly string[];
  workerId: string;
  leaseSeconds: number;
  limit: number;
}

export async function claim(db: QueueDb, { kinds, workerId, leaseSeconds, limit }: ClaimOptions): Promise<Job[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  // Running jobs whose worker died: end them when they may not run again (out of attempts, or
  // cancelled meanwhile); the claim below retries the others.
  await db
    .updateTable('jobs')
    .set({
      status: sql`case when cancel_requested then 'cancelled' else 'failed' end`,
      error: sql`case when cancel_requested then error else 'lease expired: worker lost on attempt ' || attempts end`,
      lease_until: null,
      finished_at: now,
      updated_at: now,
    })
    .where('kind', 'in', kinds)
    .where('status', '=', 'running')
    .where('lease_until', '<', now)
    .where((eb) => eb.or([eb('cancel_requested', '=', true), eb('attempts', '>=', eb.ref('max_attempts'))]))
    .execute();

  const claimable = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now), eb('attempts', '<', eb.ref('max_attempts'))]),
      ]),
    )
    .orderBy('priority', 'desc')
    .orderBy('run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const jobs = await db
    .updateTable('jobs')
    .set({
      status: 'running',
      attempts: sql`attempts + 1`,
      // The nonce keeps tokens unique even when release() gave the attempt back or a restarted
      // process reuses its worker id.
      locked_by: sql`${workerId}::text || '#' || (attempts + 1) || '.' || ${randomBytes(3).toString('hex')}::text`,
      lease_until: leaseFromNow(leaseSeconds),
      progress: 0,
      updated_at: now,
    })
    .where('id', 'in', claimable)
    .returningAll()
    .execute();
  return jobs.sort((a, b) => b.priority - a.priority || a.run_at.getTime() - b.run_at.getTime());
}

const owned = (db: QueueDb, id: string, owner: string) =>
  db.updateTable('jobs').where('id', '=', id).where('status', '=', 'running').where('locked_by', '=', owner);

export type HeartbeatResult = 'ok' | 'lost' | 'cancel_requested';

/** Extends the lease if still owned. A cancel request still extends it, so the body can stop cleanly. */
export async function heartbeat(db: QueueDb, id: string, owner: string, leaseSeconds: number): Promise<HeartbeatResult> {
  const row = await owned(db, id, owner)
    .set({ lease_until: leaseFromNow(leaseSeconds), updated_at: now })
    .returning('cancel_requested')
    .executeTakeFirst();
  if (!row) return 'lost';
  return row.cancel_requested ? 'cancel_requested' : 'ok';
}

/** Returns the finished row, or undefined when fenced off (the lease was lost). */
export function complete(db: QueueDb, id: string, owner: string, result: unknown): Promise<Job | undefined> {
  return owned(db, id, owner)
    .set({ status: 'done', result: JSON.stringify(result ?? null), progress: 1, lease_until: null, finished_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirst();
}

export interface FailOptions {
  retryable: boolean;
  /** Backoff before attempt n+1 is base·2^n (capped at 5 min), jittered to 50–100 %. Default 1 s. */
  backoffBaseMs?: number;
}

/** Retryable with attempts left: back to queued after a backoff; otherwise failed, keeping the message. */
export function fail(db: QueueDb, id: string, owner: string, error: string, options: FailOptions): Promise<Job | undefined> {
  const base = (options.backoffBaseMs ?? 1000) / 1000;
  const requeue = sql<boolean>`(not cancel_requested and ${options.retryable}::boolean and attempts < max_attempts)`;
  return owned(db, id, owner)
    .set({
      status: sql`case when ${requeue} then 'queued' when cancel_requested then 'cancelled' else 'failed' end`,
      run_at: sql`case when ${requeue} then now() + make_interval(secs =>
        least(${base}::float8 * power(2, attempts), ${MAX_BACKOFF_SECONDS}) * (0.5 + random() / 2)) else run_at end`,
      finished_at: sql`case when ${requeue} then null else now() end`,
      locked_by: sql`case when ${requeue} then null else locked_by end`,
      error,
      lease_until: null,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirst();
}

/** The body stopped after a cancel request. */
export function markCancelled(db: QueueDb, id: string, owner: string): Promise<Job | undefined> {
  return owned(db, id, owner).set({ status: 'cancelled', lease_until: null, finished_at: now, updated_at: now }).returningAll().executeTakeFirst();
}

/** Graceful shutdown interrupted the body: queue it again without counting the attempt. */
export function release(db: QueueDb, id: string, owner: string): Promise<Job | undefined> {
  return owned(db, id, owner)
    .set({
      status: sql`case when cancel_requested then 'cancelled' else 'queued' end`,
      attempts: sql`greatest(attempts - 1, 0)`,
      finished_at: sql`case when cancel_requested then now() else null end`,
      locked_by: null,
      lease_until: null,
      run_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirst();
}

/** fraction is clamped to 0..1. False when fenced off. */
export async function progress(db: QueueDb, id: string, owner: string, fraction: number): Promise<boolean> {
  const value = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const result = await owned(db, id, owner).set({ progress: value, updated_at: now }).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Inside a transaction: locks the job row if `owner` still holds it. Effects written after this
 * in the same transaction, together with complete(), happen exactly once (see ctx.finish).
 */
export async function lockIfOwned(trx: QueueDb, id: string, owner: string): Promise<boolean> {
  const row = await trx
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', owner)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
