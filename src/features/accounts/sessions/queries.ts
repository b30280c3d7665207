import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';

export async function insertSession(db: Db, row: { id: string; user_id: string; user_agent: string; ip: string; device_fingerprint: string; created?: Date; last_seen?: Date }): Promise<void> {
  await db.insertInto('user_sessions').values(row).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('id', '=', sessionId).execute();
}

/** Deletes all but the `keep` most recently seen sessions of the user; the ids that went. */
export async function pruneSessions(db: Db, userId: string, keep: number): Promise<string[]> {
  const pruned = await db
    .deleteFrom('user_sessions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (qb) => qb.selectFrom('user_sessions').select('id').where('user_id', '=', userId).orderBy('last_seen', 'desc').orderBy('created', 'desc').limit(keep))
    .returning('id')
    .execute();
  return pruned.map((p) => p.id);
}

/** Whose session this is; undefined when there is no such session. */
export async function sessionOwner(db: Db, sessionId: string): Promise<string | undefined> {
  return (await db.selectFrom('user_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst())?.user_id;
}

export async function markSessionSeen(db: Db, sessionId: string, ip: string): Promise<void> {
  await db.updateTable('user_sessions').set({ last_seen: sql<Date>`now()`, ip }).where('id', '=', sessionId).execute();
}

export function listSessions(db: Db, userId: string) {
  return db
    .selectFrom('user_sessions')
    .select(['id', 'user_agent', 'ip', 'created', 'last_seen'])
    .where('user_id', '=', userId)
    .orderBy('last_seen', 'desc')
    .execute();
}

/** True when the session was this user's (and is now gone). */
export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('user_sessions').where('id', '=', sessionId).where('user_id', '=', userId).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

/** When this session of this user signed in; undefined when it is not (or no longer) theirs. */
export async function sessionCreatedAt(db: Db, userId: string, sessionId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('user_sessions').select('created').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return row ? new Date(row.created) : undefined;
}

/**
 * Deletes every session of the account but `keep`; the ids, whose cached checks the caller drops
 * with forgetSessionChecks (service.ts) once the transaction has committed.
 */
export async function deleteOtherSessions(db: Db, userId: string, keep: string | null): Promise<string[]> {
  let query = db.deleteFrom('user_sessions').where('user_id', '=', userId);
  if (keep) query = query.where('id', '<>', keep);
  return (await query.returning('id').execute()).map((row) => row.id);
}

/** Legacy tokens name no session: a flag on the account refuses them all (migration 20261130000200). */
export async function revokeLegacyTokens(db: Db, userId: string): Promise<void> {
  await db.updateTable('app_users').set({ legacy_tokens_revoked: true }).where('id', '=', userId).execute();
}

export async function legacyTokensRevoked(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('app_users').select('legacy_tokens_revoked').where('id', '=', userId).executeTakeFirst();
  return row?.legacy_tokens_revoked ?? true;
}

/** Set by an admin (accounts/admin): a disabled account gets no new session. */
export async function accountDisabled(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('app_users').select('id').where('id', '=', userId).where('disabled_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}
