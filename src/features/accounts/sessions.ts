import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { CacheUnavailable, type Cache } from '../../platform/cache/port.ts';
import { notFound } from '../../platform/http/errors.ts';

export const MAX_SESSIONS_PER_USER = 10;
/** How long a positive session check is trusted from the cache; revocation deletes it at once. */
const CHECK_TTL_SECONDS = 300;
/** last_seen is written at most this often per session. */
const SEEN_EVERY_SECONDS = 300;

const checkKey = (sessionId: string) => `auth:session:${sessionId}`;
/**
 * What a revocation leaves in place of the cached answer, for as long as an answer could be
 * cached: a check that read the row just before the revocation must not cache "valid" after it.
 */
const REVOKED = '!revoked';
const forgetCheck = (cache: Cache, sessionId: string) => cache.set(checkKey(sessionId), REVOKED, CHECK_TTL_SECONDS);
const seenKey = (sessionId: string) => `auth:seen:${sessionId}`;

/** The device fingerprint is a hash of the user agent only (not the address). */
export function deviceFingerprint(userAgent: string): string {
  return createHash('sha256').update(userAgent).digest('hex');
}

export interface SessionStart {
  /** The sign-in's time by the app's clock (created and last_seen); the database's when absent. */
  now?: Date;
  /** The session the browser came with (its token was valid): it ends, whoever's it was. */
  replacing?: string | null;
}

/**
 * Every sign-in gets a new session id and ends the one the browser came with, so a session id
 * planted in or copied from a browser is worthless once its owner signs in (session fixation).
 * Beyond ten sessions, the least recently seen are pruned.
 */
export async function startSession(db: Db, cache: Cache, userId: string, userAgent: string, ip: string, start: SessionStart = {}): Promise<string> {
  const ua = userAgent.slice(0, 512);
  const id = randomBytes(18).toString('base64url');
  const stamps = start.now ? { created: start.now, last_seen: start.now } : {};
  await db.insertInto('user_sessions').values({ id, user_id: userId, user_agent: ua, ip, device_fingerprint: deviceFingerprint(ua), ...stamps }).execute();
  if (start.replacing) await db.deleteFrom('user_sessions').where('id', '=', start.replacing).execute();
  const pruned = await db
    .deleteFrom('user_sessions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (qb) => qb.selectFrom('user_sessions').select('id').where('user_id', '=', userId).orderBy('last_seen', 'desc').orderBy('created', 'desc').limit(MAX_SESSIONS_PER_USER))
    .returning('id')
    .execute();
  const ended = [...(start.replacing ? [start.replacing] : []), ...pruned.map((p) => p.id)];
  await Promise.all(ended.map((sessionId) => forgetCheck(cache, sessionId)));
  return id;
}

/** Is this session alive and this user's? Cached; a revocation removes the cached answer. */
export async function isSessionValid(db: Db, cache: Cache, userId: string, sessionId: string, ip: string): Promise<boolean> {
  // Without the cache the database answers (the row is the truth); last_seen waits for its return.
  const cached = await cache.get(checkKey(sessionId)).catch(readThrough);
  if (cached !== null) return cached === userId && (await touch(db, cache, sessionId, ip), true);
  const row = await db.selectFrom('user_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst();
  if (!row || row.user_id !== userId) return false;
  // Never over a revocation's mark: the row read above may be gone by now.
  const cachedNow = await cache.setIfAbsent(checkKey(sessionId), userId, CHECK_TTL_SECONDS).catch((error) => readThrough(error) ?? true);
  if (!cachedNow && (await cache.get(checkKey(sessionId)).catch(readThrough)) === REVOKED) return false;
  await touch(db, cache, sessionId, ip);
  return true;
}

function readThrough(error: unknown): null {
  if (error instanceof CacheUnavailable) return null;
  throw error;
}

async function touch(db: Db, cache: Cache, sessionId: string, ip: string): Promise<void> {
  if (!(await cache.setIfAbsent(seenKey(sessionId), '1', SEEN_EVERY_SECONDS).catch((error) => readThrough(error) ?? false))) return;
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

/** Another user's session id is "not found", never "forbidden": ids are not confirmed to strangers. */
export async function revokeSession(db: Db, cache: Cache, userId: string, sessionId: string): Promise<void> {
  const deleted = await db.deleteFrom('user_sessions').where('id', '=', sessionId).where('user_id', '=', userId).returning('id').executeTakeFirst();
  if (!deleted) throw notFound('Session not found');
  await forgetCheck(cache, sessionId);
}

/** When this session of this user signed in; undefined when it is not (or no longer) theirs. */
export async function sessionCreatedAt(db: Db, userId: string, sessionId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('user_sessions').select('created').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return row ? new Date(row.created) : undefined;
}

/**
 * Deletes every session of the account but `keep`; the ids, whose cached checks the caller drops
 * with forgetSessionChecks once the transaction has committed.
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

/** Sessions that just ended (a deleted account, a password change): their cached checks go, so no process trusts them a moment longer. */
export async function forgetSessionChecks(cache: Cache, sessionIds: readonly string[]): Promise<void> {
  await Promise.all(sessionIds.map((id) => forgetCheck(cache, id)));
}
