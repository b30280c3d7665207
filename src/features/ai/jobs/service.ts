import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { cancel } from '../../../platform/queue/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import * as q from './queries.ts';
import type { AiJob } from './model.ts';
import { jsonColumn } from '../../../platform/db/json.ts';

type Db = Kysely<Database>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toAiJob(row: q.AiJobRow): AiJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: Math.round(Number(row.progress) * 100),
    book: row.book_slug,
    payload: jsonColumn(row.payload, {}),
    error: row.error,
    created: iso(row.created_at)!,
    started: iso(row.started_at),
    finished: iso(row.finished_at),
  };
}

export async function getAiJob(db: Db, id: string): Promise<AiJob> {
  const row = await q.jobById(db, id);
  if (!row) throw notFound('No such AI job');
  return toAiJob(row);
}

export async function listAiJobs(db: Db, limit: number, book?: string): Promise<AiJob[]> {
  return (await q.listJobs(db, { limit, book })).map(toAiJob);
}

/**
 * A waiting job ends now; a running one is marked cancelled and its worker stops before its next
 * batch, keeping what it has (the payload). Ended jobs are left as they are.
 */
export async function cancelAiJob(db: Db, id: string): Promise<AiJob> {
  const row = await q.jobById(db, id);
  if (!row) throw notFound('No such AI job');
  const ended = await q.updateJob(db, id, { status: 'cancelled', finished: true, error: 'Cancelled by an admin' }, ['pending', 'running']);
  // A running worker reads the row between batches and stops there; a waiting one never starts.
  if (ended?.job_id && row.status === 'pending') await cancel(db, ended.job_id);
  return toAiJob(ended ?? row);
}
