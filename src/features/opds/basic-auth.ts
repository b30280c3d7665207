import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import type { CallerResolver } from '../../platform/http/auth.ts';
import { urlOf } from '../../platform/http/request-context.ts';
import { basicCredentials, userByAppPassword, type AppPasswordUser } from '../accounts/app-passwords/service.ts';

export const BASIC_CHALLENGE = 'Basic realm="Chapterhouse", charset="UTF-8"';

export interface AppPasswordDeps {
  db: Db;
  clock: Clock;
}

/** `Authorization: Basic` with the account's username and one of its live app passwords, else null. */
export async function appPasswordCaller(deps: AppPasswordDeps, request: Request): Promise<AppPasswordUser | null> {
  const credentials = basicCredentials(request.headers.get('authorization'));
  if (!credentials) return null;
  return userByAppPassword(deps.db, credentials.username, credentials.password, deps.clock());
}

/** The EPUB export, whole book or range: what an OPDS acquisition link points at. */
const DOWNLOAD = /^\/api\/export\/[^/]+$/;

/**
 * E-readers cannot keep a cookie: the EPUB download an OPDS entry links to also accepts the app
 * password the catalogue was opened with. Only there, only for GET and HEAD (reads: no CSRF question),
 * and only app passwords; every other request, and a Basic header that does not sign in, is
 * resolved as before. The caller is as the export sees it (role for the Pro gate), no session.
 */
export function withAppPasswordDownloads(resolve: CallerResolver, deps: AppPasswordDeps): CallerResolver {
  return async (request) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && DOWNLOAD.test(urlOf(request).pathname)) {
      const user = await appPasswordCaller(deps, request);
      if (user) {
        const caller = { ...user, email: null, avatarKey: null, providerAvatarUrl: null, avatarUrl: null };
        return { user: caller, sessionId: null, via: 'bearer' };
      }
    }
    return resolve(request);
  };
}
