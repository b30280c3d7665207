import type { Db } from '../../platform/db/index.ts';
import { jobStatuses, liveJobIds } from '../../platform/queue/index.ts';
import { notifyImportEnded } from './notify.ts';
import * as q from './queries.ts';

/**
 * Tasks left `pending` or `running` by a job that is over: its worker was lost (a restart, a
 * thread stopped hard) on its last attempt, or it was cancelled before it could say so. Such a task
 * would wait forever and refuse a re-run; whoever reads it ends it instead (failed, or cancelled
 * when its job was), so that it can be run again.
 */
export const WORKER_LOST = 'The import stopped before it finished: its worker was lost (the server restarted, or reading the file was stopped). Run it again.';

const waiting = (row: q.ImportTaskRow) => (row.status === 'pending' || row.status === 'running') && row.job_id !== null;

export async function settleOrphans(db: Db, rows: q.ImportTaskRow[]): Promise<q.ImportTaskRow[]> {
  const candidates = rows.filter(waiting);
  if (candidates.length === 0) return rows;
  const jobs = await jobStatuses(db, candidates.map((row) => row.job_id!));
  const settled = new Map<string, q.ImportTaskRow>();
  for (const row of candidates) {
    const job = jobs.get(row.job_id!);
    if (job === 'queued' || job === 'running') continue;
    const cancelled = job === 'cancelled';
    const ended = await db.transaction().execute(async (trx) => {
      const done = await q.endOrphan(trx, row.id, row.job_id!, cancelled ? 'cancelled' : 'failed', cancelled ? 'Cancelled by an admin' : WORKER_LOST);
      if (done && !cancelled) await notifyImportEnded(trx, done, 'failed');
      return done;
    });
    if (ended) settled.set(row.id, ended);
  }
  return rows.map((row) => settled.get(row.id) ?? row);
}

/** Waiting for a job that nobody runs now (queued is alive; running needs a lease that has not run out). */
export async function isAbandoned(db: Db, row: q.ImportTaskRow): Promise<boolean> {
  if (!waiting(row)) return false;
  return !(await liveJobIds(db, [row.job_id!])).has(row.job_id!);
}
