import type { Platform } from '../../platform/index.ts';
import type { Caller, CallerResolver } from '../../platform/http/auth.ts';
import { clientIpOf } from '../../platform/http/request-context.ts';
import { readCookie, serializeCookie } from '../../platform/http/cookies.ts';
import { addResponseCookie } from '../../platform/http/request-context.ts';
import { issueToken, verifyToken, TOKEN_LIFETIME_SECONDS } from './tokens.ts';
import { findUserById, updateUser } from './queries.ts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import { isSessionValid, legacyTokensRevoked, startSession } from './sessions.ts';
import { mergeAnonymousReader } from './merge.ts';
import { toCallerUser, type UserRow } from './users.ts';
import { settingsRowOf, storedAppearance } from '../settings/service.ts';
import { appearanceCookies } from '../settings/appearance.ts';

export const AUTH_COOKIE = 'auth_token';

export interface AccountsDeps extends Pick<Platform, 'db' | 'cache' | 'config' | 'objects' | 'clock'> {
  authSecret: string;
  log?: Platform['log'];
}

function tokenOf(request: Request): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = readCookie(request, AUTH_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export function clearAuthCookie(secure: boolean): string {
  return serializeCookie(AUTH_COOKIE, '', { maxAgeSeconds: 0, httpOnly: true, secure });
}

/**
 * Token → caller. A four-segment token must name a live session of that user; a legacy
 * three-segment token is accepted without that check unless the account has since set or changed
 * its password. The user row is read fresh every time, so a role change applies on the next
 * request. A dead cookie is cleared on the response.
 */
export function createCallerResolver(deps: AccountsDeps): CallerResolver {
  const secure = deps.config.baseUrl.startsWith('https:');
  return async (request) => {
    const found = tokenOf(request);
    if (!found) return null;
    const claims = verifyToken(deps.authSecret, found.token);
    const alive = claims && (claims.sessionId === null ? !(await legacyTokensRevoked(deps.db, claims.userId)) : await isSessionValid(deps.db, deps.cache, claims.userId, claims.sessionId, clientIpOf(request)));
    // The database being away is not a dead login: it fails the request (503) and keeps the cookie.
    const row = alive ? await findUserById(deps.db, claims.userId).catch((error: unknown) => rethrowIfUnavailable(error)) : undefined;
    if (!claims || !row) {
      if (found.via === 'cookie') addResponseCookie(request, clearAuthCookie(secure));
      return null;
    }
    return { user: toCallerUser(row), sessionId: claims.sessionId, via: found.via };
  };
}

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

function rethrowIfUnavailable(error: unknown): undefined {
  if (isDatabaseUnavailable(error)) throw error;
  return undefined;
}
