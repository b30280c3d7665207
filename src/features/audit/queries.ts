import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';

type Executor = Db | Transaction<Database>;

export interface AuditEntryValues {
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_id: string | null;
  target_name: string | null;
  detail: string;
  created_at: Date;
}

export function insertAuditEntry(db: Executor, values: AuditEntryValues) {
  return db.insertInto('admin_audit').values(values).execute();
}

/** Newest first; `before` is the id of the last entry of the previous page. */
export function auditEntries(db: Executor, options: { targetId?: string; before?: string; limit: number }) {
  let query = db
    .selectFrom('admin_audit')
    .select(['id', 'actor_id', 'actor_name', 'action', 'target_id', 'target_name', 'detail', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.targetId) query = query.where('target_id', '=', options.targetId);
  if (options.before) query = query.where('id', '<', options.before);
  return query.execute();
}
