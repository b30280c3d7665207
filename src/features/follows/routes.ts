import { Elysia } from 'elysia';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { profilePageRoutes } from './page-routes.ts';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin, CallerUser } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { appearanceFromRequest } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { signedIn, textOf } from '../../platform/http/sign-in.ts';
import { makeTranslator } from '../../platform/i18n/index.ts';
import { FollowButton } from '../../../views/pages/home/FollowButton.tsx';
import { ProfileCounts } from '../../../views/pages/profiles/ProfileCounts.tsx';
import { FollowForm, FollowingResponse, ProfileResponse, PublicLibraryQuery, PublicLibraryResponse, UsernameParams } from './model.ts';
import { publicLibraryOf, publicStatsOf } from './profile-service.ts';
import { ReadingStatsResponse } from '../stats/model.ts';
import { countsOf, profileOf, setFollowing } from './service.ts';

const tags = ['social'];

/** An anonymous follow goes to sign in first, and comes back where the form said. */
const followSignIn = signedIn(({ body }) => safeReturnPath(textOf(body, 'return_to')));

/** Whether a return path is the profile page of `username` (any case, any tab). */
function isProfileOf(returnTo: string, username: string): boolean {
  const path = new URL(returnTo, 'http://same.invalid').pathname;
  return path.toLowerCase() === `/users/${encodeURIComponent(username)}`.toLowerCase();
}

function requireForm({ request }: { request: Request }): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) throw new AppError(415, 'unsupported_media_type', 'Send a form');
}

/** Profiles and following: JSON under /api/users, the /users/{username} page, form targets for the follow button. */
export function followsRoutes(platform: Pick<BootedPlatform, 'db' | 'config' | 'clock'>, auth: AuthPlugin, env: PageEnvironment) {
  const { db } = platform;
  const { baseUrl } = platform.config;

  /** htmx swaps in the button's new state; a plain form goes back where it came from (303). */
  const follow = (on: boolean) => async ({ request, params, body, user }: { request: Request; params: { username: string }; body: { return_to?: string }; user: CallerUser }) => {
    const returnTo = safeReturnPath(body.return_to);
    const result = await setFollowing(db, user.id, params.username, on);
    if (!wantsHtmx(request)) return new Response(null, { status: 303, headers: { location: returnTo } });
    const t = makeTranslator(appearanceFromRequest(request).locale);
    const button = FollowButton({ t, username: result.username, following: result.following, returnTo });
    // On the followed reader's own profile the follower count changes too: swap it out of band.
    const counts = isProfileOf(returnTo, result.username) ? ProfileCounts({ t, ...(await countsOf(db, result.username)), oob: true }) : '';
    return htmlResponse(`${await button}${await counts}`, 200, { 'cache-control': 'private, no-cache' });
  };

  return new Elysia({ name: 'follows' })
    .use(auth)
    .use(profilePageRoutes(db, auth, env, platform.clock))
    .get('/api/users/:username', ({ params, caller }) => profileOf(db, params.username, caller.user?.id ?? null, baseUrl), {
      params: UsernameParams,
      response: ProfileResponse,
      detail: { tags, summary: 'Public profile: follower counts and whether the caller follows them (404 unknown)' },
    })
    .get('/api/users/:username/stats', async ({ params, caller }) => publicStatsOf(db, params.username, caller.user?.id ?? null, platform.clock()), {
      params: UsernameParams,
      response: ReadingStatsResponse,
      detail: { tags, summary: 'A user’s reading statistics over the last year (404 unknown user, or a private library unless it is yours)' },
    })
    .get('/api/users/:username/library', async ({ params, query, caller }) => ({ books: await publicLibraryOf(db, params.username, caller.user?.id ?? null, query.shelf) }), {
      params: UsernameParams,
      query: PublicLibraryQuery,
      response: PublicLibraryResponse,
      detail: { tags, summary: 'A user’s saved books with shelf and the chapter they are on (404 unknown user, or a private library unless it is yours)' },
    })
    .post('/api/users/:username/subscribe', async ({ params, user }) => ({ following: (await setFollowing(db, user.id, params.username, true)).following }), {
      auth: 'user',
      params: UsernameParams,
      response: FollowingResponse,
      detail: { tags, summary: 'Follow a user (idempotent; 400 for oneself, 404 unknown)' },
    })
    .delete('/api/users/:username/subscribe', async ({ params, user }) => ({ following: (await setFollowing(db, user.id, params.username, false)).following }), {
      auth: 'user',
      params: UsernameParams,
      response: FollowingResponse,
      detail: { tags, summary: 'Unfollow a user (idempotent; 404 unknown)' },
    })
    .post('/users/:username/follow', follow(true), { auth: followSignIn, beforeHandle: requireForm, params: UsernameParams, body: FollowForm, detail: { hide: true } })
    .post('/users/:username/unfollow', follow(false), { auth: followSignIn, beforeHandle: requireForm, params: UsernameParams, body: FollowForm, detail: { hide: true } });
}
