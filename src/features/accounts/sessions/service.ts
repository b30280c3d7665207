import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/index.ts';
import { CacheUnavailable, type Cache } from '../../../platform/cache/port.ts';
import { AppError, forbidden, notFound } from '../../../platform/http/errors.ts';
import { accountDisabled, deleteSession, deleteUserSession, insertSession, markSessionSeen, pruneSessions, sessionOwner } from './queries.ts';

export const MAX_SESSIONS_PER_USER = 10;
export const ACCOUNT_DISABLED = 'This account is disabled';

/** The refusal of a sign-in to a disabled account (the sign-in pages say it in the reader's words). */
export function isDisabledAccount(error: unknown): boolean {
  return error instanceof AppError && error.status === 403 && error.message === ACCOUNT_DISABLED;
}
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
 * Beyond ten sessions, the least recently seen are pruned. Every sign-in (password, provider, debug
 * login, owner set-up, joining) comes through here, so a disabled account is refused here (403); a
 * session made in the instant an admin disables the account is refused by the caller resolver.
 */
export async function startSession(db: Db, cache: Cache, userId: string, userAgent: string, ip: string, start: SessionStart = {}): Promise<string> {
  if (await accountDisabled(db, userId)) throw forbidden(ACCOUNT_DISABLED);
  const ua = userAgent.slice(0, 512);
  const id = randomBytes(18).toString('base64url');
  const stamps = start.now ? { created: start.now, last_seen: start.now } : {};
  await insertSession(db, { id, user_id: userId, user_agent: ua, ip, device_fingerprint: deviceFingerprint(ua), ...stamps });
  if (start.replacing) await deleteSession(db, start.replacing);
  const pruned = await pruneSessions(db, userId, MAX_SESSIONS_PER_USER);
  const ended = [...(start.replacing ? [start.replacing] : []), ...pruned];
  await Promise.all(ended.map((sessionId) => forgetCheck(cache, sessionId)));
  return id;
}

/** Is this session alive and this user's? Cached; a revocation removes the cached answer. */
export async function isSessionValid(db: Db, cache: Cache, userId: string, sessionId: string, ip: string): Promise<boolean> {
  // Without the cache the database answers (the row is the truth); last_seen waits for its return.
  const cached = await cache.get(checkKey(sessionId)).catch(readThrough);
  if (cached !== null) return cached === userId && (await touch(db, cache, sessionId, ip), true);
  if ((await sessionOwner(db, sessionId)) !== userId) return false;
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
  await markSessionSeen(db, sessionId, ip);
}

/** Another user's session id is "not found", never "forbidden": ids are not confirmed to strangers. */
export async function revokeSession(db: Db, cache: Cache, userId: string, sessionId: string): Promise<void> {
  if (!(await deleteUserSession(db, userId, sessionId))) throw notFound('Session not found');
  await forgetCheck(cache, sessionId);
}

/** Sessions that just ended (a deleted account, a password change): their cached checks go, so no process trusts them a moment longer. */
export async function forgetSessionChecks(cache: Cache, sessionIds: readonly string[]): Promise<void> {
  await Promise.all(sessionIds.map((id) => forgetCheck(cache, id)));
}
