import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { ProfilePage } from '../../../views/pages/profiles/ProfilePage.tsx';
import { ProfilePageQuery, UsernameParams } from './model.ts';
import { profilePageOf } from './profile-service.ts';

/**
 * /users/{username}, the profile page. An unknown user throws 404, which the error handler renders
 * as the not-found page. The page differs per viewer (follow state, privacy), so it is not shared.
 *
 * A plugin of its own because it needs the page environment (asset URLs): app.ts hands followsRoutes
 * none, so the settings plugin mounts this one (see settings/routes.ts). The name makes a second
 * mounting, e.g. from app.ts later, a no-op.
 */
export function profilePageRoutes(db: Db, auth: AuthPlugin, env: PageEnvironment, clock: Clock) {
  return new Elysia({ name: 'profile-pages' })
    .use(auth)
    .get('/users/:username', async ({ request, params, query, caller }) => {
      const ctx = pageContext(request, env);
      const now = clock();
      const data = await profilePageOf(db, params.username, caller.user?.id ?? null, env.baseUrl, query.shelf, now);
      return htmlResponse(ProfilePage({ ctx, data, now }), 200, { 'cache-control': 'private, no-cache' });
    }, { params: UsernameParams, query: ProfilePageQuery, detail: { hide: true } });
}
