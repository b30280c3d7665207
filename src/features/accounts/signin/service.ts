import type { Caller } from '../../../platform/http/auth.ts';
import type { Cache } from '../../../platform/cache/port.ts';
import type { Db } from '../../../platform/db/index.ts';
import { serializeCookie } from '../../../platform/http/cookies.ts';
import { addResponseCookie, clientIpOf } from '../../../platform/http/request-context.ts';
import { carryOverDaily } from '../../limits/daily.ts';
import { settingsRowOf, storedAppearance } from '../../settings/service.ts';
import { appearanceCookies } from '../../settings/appearance.ts';
import { AUTH_COOKIE, type AccountsDeps } from '../service.ts';
import { updateUser, type Executor } from '../queries.ts';
import type { UserRow } from '../users.ts';
import { startSession } from '../sessions/service.ts';
import { issueToken, TOKEN_LIFETIME_SECONDS } from '../sessions/tokens.ts';
import { accountSettings, anonymousSettings, deleteSettings, giveSettingsTo, lockForMerge, mergeBookRows, mergeDiscoveryVotes, updateSettings } from './queries.ts';

export const PASSWORD_LOGIN_LIMIT = { max: 10, windowSeconds: 600 };

/**
 * What every login ends with (provider, password, debug): the admin bootstrap, a new session that
 * replaces the one the browser came with, the anonymous reader merged in, and the auth cookie.
 * Returns the Set-Cookie value and the token.
 */
export async function completeLogin(deps: AccountsDeps, request: Request, user: UserRow, from: Pick<Caller, 'anonId' | 'sessionId'>): Promise<{ cookie: string; token: string; user: UserRow }> {
  let account = user;
  if (deps.config.adminUsernames.some((name) => name.toLowerCase() === user.username.toLowerCase()) && user.role !== 'admin') {
    account = (await updateUser(deps.db, user.id, { role: 'admin' })) ?? user;
  }
  const sessionId = await startSession(deps.db, deps.cache, account.id, request.headers.get('user-agent') ?? '', clientIpOf(request), { now: deps.clock(), replacing: from.sessionId });
  await mergeAnonymousReader(deps.db, deps.cache, from.anonId, account.id, deps.clock());
  // The account's stored look (theme, language, font) follows the reader to this browser.
  const stored = storedAppearance(await settingsRowOf(deps.db, { kind: 'user', userId: account.id }));
  for (const appearance of appearanceCookies(stored, deps.config.baseUrl.startsWith('https:'))) addResponseCookie(request, appearance);
  const token = issueToken(deps.authSecret, account.id, sessionId);
  const cookie = serializeCookie(AUTH_COOKIE, token, { maxAgeSeconds: TOKEN_LIFETIME_SECONDS, httpOnly: true, secure: deps.config.baseUrl.startsWith('https:') });
  return { cookie, token, user: account };
}

/**
 * Moves what an anonymous reader did into their account at sign-in. For the same book the more
 * recent row wins; nothing is lost and nothing is duplicated. Runs in one transaction.
 */
export async function mergeAnonymousReader(db: Db, cache: Cache, anonId: string, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockForMerge(trx, anonId, userId);
    for (const table of ['progress', 'book_ratings'] as const) await mergeBookRows(trx, table, anonId, userId);
    await mergeDiscoveryVotes(trx, anonId, userId);
    await mergeSettings(trx, anonId, userId);
  });
  await carryOverDaily(cache, `anon:${anonId}`, `user:${userId}`, now);
}

const SETTINGS_FIELDS = ['auto_next', 'voice', 'speed', 'theme', 'locale', 'font_family', 'font_size'] as const;

/** Settings are one row per reader: newer anonymous choices overwrite the account's, field by field. */
async function mergeSettings(db: Executor, anonId: string, userId: string): Promise<void> {
  const anon = await anonymousSettings(db, anonId);
  if (!anon) return;
  const mine = await accountSettings(db, userId);
  if (!mine) {
    await giveSettingsTo(db, anon.id, userId);
    return;
  }
  if (new Date(anon.updated_at) > new Date(mine.updated_at)) {
    const changes: Record<string, unknown> = { updated_at: anon.updated_at };
    for (const field of SETTINGS_FIELDS) if (anon[field] !== null) changes[field] = anon[field];
    await updateSettings(db, mine.id, changes);
  }
  await deleteSettings(db, anon.id);
}
