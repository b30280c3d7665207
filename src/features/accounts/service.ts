import type { Platform } from '../../platform/index.ts';
import type { Caller, CallerResolver, CallerUser } from '../../platform/http/auth.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { addResponseCookie, clientIpOf } from '../../platform/http/request-context.ts';
import { readCookie, serializeCookie } from '../../platform/http/cookies.ts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import { findActiveUserById } from './queries.ts';
import { toCallerUser } from './users.ts';
import { verifyToken } from './sessions/tokens.ts';
import { isSessionValid } from './sessions/service.ts';
import { legacyTokensRevoked } from './sessions/queries.ts';

export const AUTH_COOKIE = 'auth_token';

export interface AccountsDeps extends Pick<Platform, 'db' | 'cache' | 'config' | 'objects' | 'clock'> {
  authSecret: string;
  log?: Platform['log'];
  /** The owner's rules open the Pro features to every signed-in reader (features/policy; app.ts supplies it). */
  proFeaturesOpen?: () => Promise<boolean>;
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
 * request, and a disabled account's tokens are anonymous at once. A dead cookie is cleared on the response.
 */
export function createCallerResolver(deps: AccountsDeps): CallerResolver {
  const secure = deps.config.baseUrl.startsWith('https:');
  return async (request) => {
    const found = tokenOf(request);
    if (!found) return null;
    const claims = verifyToken(deps.authSecret, found.token);
    const alive = claims && (claims.sessionId === null ? !(await legacyTokensRevoked(deps.db, claims.userId)) : await isSessionValid(deps.db, deps.cache, claims.userId, claims.sessionId, clientIpOf(request)));
    // The database being away is not a dead login: it fails the request (503) and keeps the cookie.
    const row = alive ? await findActiveUserById(deps.db, claims.userId).catch((error: unknown) => rethrowIfUnavailable(error)) : undefined;
    if (!claims || !row) {
      if (found.via === 'cookie') addResponseCookie(request, clearAuthCookie(secure));
      return null;
    }
    const look = { locale: row.look_locale, theme: row.look_theme, fontFamily: row.look_font_family, fontSize: row.look_font_size };
    return { user: { ...toCallerUser(row), look }, sessionId: claims.sessionId, via: found.via };
  };
}

/** The signed-in user of a route that checks its caller itself rather than with `auth`; 401 when anonymous. */
export function signedInUser(caller: Caller): CallerUser {
  if (!caller.user) throw unauthorized();
  return caller.user;
}

function rethrowIfUnavailable(error: unknown): undefined {
  if (isDatabaseUnavailable(error)) throw error;
  return undefined;
}
