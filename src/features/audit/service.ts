import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';

type Executor = Db | Transaction<Database>;
import { auditEntries, insertAuditEntry } from './queries.ts';

/**
 * The admin audit log: who did what to which account (or to the instance policy), and when. Each
 * entry is written in the same transaction as the change it records, so the log never claims a
 * change that did not happen. Names are copied: the log still reads after an account is deleted.
 */
export interface AuditActor {
  id: string;
  username: string;
}

export interface AuditEntry {
  id: string;
  actor: { id: string | null; username: string };
  action: string;
  target: { id: string | null; username: string | null } | null;
  detail: Record<string, unknown>;
  at: string;
}

export function recordAudit(
  db: Executor,
  entry: { actor: AuditActor; action: string; target?: { id: string; username: string } | null; detail?: Record<string, unknown>; at: Date },
): Promise<unknown> {
  return insertAuditEntry(db, {
    actor_id: entry.actor.id,
    actor_name: entry.actor.username,
    action: entry.action,
    target_id: entry.target?.id ?? null,
    target_name: entry.target?.username ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
    created_at: entry.at,
  });
}

export async function listAudit(db: Executor, options: { targetId?: string; before?: string; limit: number }): Promise<AuditEntry[]> {
  const rows = await auditEntries(db, options);
  return rows.map((row) => ({
    id: String(row.id),
    actor: { id: row.actor_id, username: row.actor_name },
    action: row.action,
    target: row.target_id || row.target_name ? { id: row.target_id, username: row.target_name } : null,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>,
    at: new Date(row.created_at).toISOString(),
  }));
}
