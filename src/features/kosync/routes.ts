import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import { credentialUser, type AuthPlugin, type CallerUser } from '../../platform/http/auth.ts';
import { clientIpOf } from '../../platform/http/request-context.ts';
import { countFailedSignIn, countPush, signInLockedFor } from './limits.ts';
import { KOSYNC_ERRORS, isDocumentId, parsePush, rateLimited, signInLocked, type KosyncError } from './model.ts';
import { authorize, pullProgress, pushProgress, type KosyncDeps } from './service.ts';
import type { StartedReading } from '../progress/service.ts';

const PREFIX = '/kosync';
const tags = ['kosync'];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

const refuse = (error: KosyncError) => json(error.status, { code: error.code, message: error.message });

function tooMany(seconds: number): Response {
  return withRetryAfter(refuse(rateLimited(seconds)), seconds);
}

function withRetryAfter(response: Response, seconds: number): Response {
  response.headers.set('retry-after', String(seconds));
  return response;
}

/** How a route tells a locked-out device to wait: the login check in the status its client expects (model.ts signInLocked). */
type LockedAnswer = (seconds: number) => Response;
const lockedLogin: LockedAnswer = (seconds) => withRetryAfter(refuse(signInLocked(seconds)), seconds);

/**
 * KOReader's Progress sync plugin, with `https://<host>/kosync` as its custom sync server
 * (docs/kosync.md). Signed in by the `x-auth-user` and `x-auth-key` headers only: a session cookie
 * is never read here, which is also why these writes need no CSRF check (csrf.ts checks writes
 * that carry a cookie; the plugin sends none).
 */
export function kosyncRoutes(platform: Pick<BootedPlatform, 'db' | 'clock' | 'cache'>, auth: AuthPlugin, startedReading: StartedReading) {
  const deps: KosyncDeps = { db: platform.db, clock: platform.clock, startedReading };
  const limits = { cache: platform.cache, clock: platform.clock };
  /**
   * KOReader's credential (the auth macro's `{ credential }`): the signed-in account, or the refusal
   * to send: 401, or, once the address or the username is past its failed sign-ins (limits.ts),
   * `locked` (429 with Retry-After; 401 with the wait for the login check). Only a request that
   * names a user and a key counts.
   */
  const koreaderKey = (locked: LockedAnswer) => async (request: Request): Promise<CallerUser | Response> => {
    const username = request.headers.get('x-auth-user');
    const key = request.headers.get('x-auth-key');
    if (!username || !key) return refuse(KOSYNC_ERRORS.unauthorized);
    const attempt = { address: clientIpOf(request), username };
    const lockedFor = await signInLockedFor(limits, attempt);
    if (lockedFor !== null) return locked(lockedFor);
    const user = await authorize(deps, username, key);
    if (user) return credentialUser(user);
    const wait = await countFailedSignIn(limits, attempt, key);
    return wait === null ? refuse(KOSYNC_ERRORS.unauthorized) : locked(wait);
  };
  const signedIn = { credential: koreaderKey(tooMany), scheme: 'kosync' } as const;
  const loginCheck = { credential: koreaderKey(lockedLogin), scheme: 'kosync' } as const;
  return new Elysia({ name: 'kosync', prefix: PREFIX })
    .use(auth)
    // Accounts come from the site's sign-in; KOReader's Register button gets the reference server's "disabled" answer.
    .post('/users/create', () => refuse(KOSYNC_ERRORS.registrationDisabled), {
      parse: 'none',
      detail: { tags, summary: 'KOReader registration: always refused (402, code 2005); use an app password' },
    })
    .get('/users/auth', () => json(200, { authorized: 'OK' }), {
      auth: loginCheck,
      detail: { tags, summary: 'KOReader login check: x-auth-user and x-auth-key (md5 of an app password)' },
    })
    .put('/syncs/progress', async ({ request, user }) => {
      const push = parsePush(await request.text());
      if ('code' in push) return refuse(push);
      const wait = await countPush(limits, user.id);
      if (wait !== null) return tooMany(wait);
      return json(200, await pushProgress(deps, user, push));
    }, {
      auth: signedIn,
      // Read here, so that a bad body gets KOReader's error shape rather than the API's.
      parse: 'none',
      detail: { tags, summary: 'KOReader pushes its place in a document; a Chapterhouse export moves the web’s progress too' },
    })
    .get('/syncs/progress/:document', async ({ params, user }) => {
      if (!isDocumentId(params.document)) return refuse(KOSYNC_ERRORS.documentMissing);
      return json(200, await pullProgress(deps, user, params.document));
    }, {
      auth: signedIn,
      detail: { tags, summary: 'KOReader pulls the latest place in a document ({} when none)' },
    })
    .get('/healthcheck', () => json(200, { state: 'OK' }), { detail: { tags, summary: 'kosync health check' } });
}
