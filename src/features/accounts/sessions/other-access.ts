import type { Db } from '../../../platform/db/index.ts';
import type { Logger } from '../../../platform/log.ts';
import type { Cache } from '../../../platform/cache/port.ts';
import { revokeAllAppPasswords } from '../app-passwords/service.ts';
import { deleteOtherSessions, revokeLegacyTokens } from './queries.ts';
import { forgetSessionChecks } from './service.ts';

/**
 * Inside the transaction that sets a new password: every other way into the account ends — the
 * other sessions (cookie and Bearer tokens alike), legacy tokens, app passwords. The session that
 * made the change stays. Returns the ended session ids for `forgetEndedSessions` after the commit.
 */
export async function endOtherAccess(trx: Db, userId: string, keepSessionId: string | null, now: Date): Promise<string[]> {
  const ended = await deleteOtherSessions(trx, userId, keepSessionId);
  await revokeLegacyTokens(trx, userId);
  await revokeAllAppPasswords(trx, userId, now);
  return ended;
}

/**
 * Drops the ended sessions' cached checks, so every process refuses them on their next request.
 * Without the cache the checks read the database, which has no rows for them already.
 */
export async function forgetEndedSessions(cache: Cache, sessionIds: string[], log?: Logger): Promise<void> {
  await forgetSessionChecks(cache, sessionIds).catch((error) => log?.warn('could not drop cached session checks', { error: error as Error }));
}

/** "Sign out everywhere" (an admin's action, and part of disabling an account): nothing of the account stays signed in. */
export function endAllAccess(trx: Db, userId: string, now: Date): Promise<string[]> {
  return endOtherAccess(trx, userId, null, now);
}
