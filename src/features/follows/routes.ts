import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import { AppError, unauthorized } from '../../platform/http/errors.ts';
import { appearanceFromRequest } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { makeTranslator } from '../../platform/i18n/index.ts';
import { FollowButton } from '../../../views/pages/home/FollowButton.tsx';
import { FollowForm, FollowingResponse, ProfileResponse, UsernameParams } from './model.ts';
import { profileOf, setFollowing } from './service.ts';

const tags = ['social'];

function userIdOf(caller: Caller): string {
  if (!caller.user) throw unauthorized();
  return caller.user.id;
}

function requireForm({ request }: { request: Request }): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) throw new AppError(415, 'unsupported_media_type', 'Send a form');
}

/** Profiles' follow state and following: JSON under /api/users, form targets for the follow button. */
export function followsRoutes(platform: Pick<BootedPlatform, 'db' | 'config'>, auth: AuthPlugin) {
  const { db } = platform;
  const { baseUrl } = platform.config;

  /** htmx swaps in the button's new state; a plain form goes back where it came from (303). */
  const follow = (on: boolean) => async ({ request, params, body, caller }: { request: Request; params: { username: string }; body: { return_to?: string }; caller: Caller }) => {
    const returnTo = safeReturnPath(body.return_to);
    if (!caller.user) {
      const login = `/login?return_to=${encodeURIComponent(returnTo)}`;
      return wantsHtmx(request) ? new Response(null, { headers: { 'hx-redirect': login } }) : new Response(null, { status: 303, headers: { location: login } });
    }
    const result = await setFollowing(db, caller.user.id, params.username, on);
    if (!wantsHtmx(request)) return new Response(null, { status: 303, headers: { location: returnTo } });
    const t = makeTranslator(appearanceFromRequest(request).locale);
    return htmlResponse(FollowButton({ t, username: result.username, following: result.following, returnTo }), 200, { 'cache-control': 'private, no-cache' });
  };

  return new Elysia({ name: 'follows' })
    .use(auth)
    .get('/api/users/:username', ({ params, caller }) => profileOf(db, params.username, caller.user?.id ?? null, baseUrl), {
      params: UsernameParams,
      response: ProfileResponse,
      detail: { tags, summary: 'Public profile: follower counts and whether the caller follows them (404 unknown)' },
    })
    .post('/api/users/:username/subscribe', async ({ params, caller }) => ({ following: (await setFollowing(db, userIdOf(caller), params.username, true)).following }), {
      auth: 'user',
      params: UsernameParams,
      response: FollowingResponse,
      detail: { tags, summary: 'Follow a user (idempotent; 400 for oneself, 404 unknown)' },
    })
    .delete('/api/users/:username/subscribe', async ({ params, caller }) => ({ following: (await setFollowing(db, userIdOf(caller), params.username, false)).following }), {
      auth: 'user',
      params: UsernameParams,
      response: FollowingResponse,
      detail: { tags, summary: 'Unfollow a user (idempotent; 404 unknown)' },
    })
    .post('/users/:username/follow', follow(true), { beforeHandle: requireForm, params: UsernameParams, body: FollowForm, detail: { hide: true } })
    .post('/users/:username/unfollow', follow(false), { beforeHandle: requireForm, params: UsernameParams, body: FollowForm, detail: { hide: true } });
}
