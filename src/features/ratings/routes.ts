import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { limitReaderWrites } from '../../platform/http/rate-limit.ts';
import { ratingsApiRoutes } from './api-routes.ts';
import { ratingsPageRoutes } from './page-routes.ts';

/** Star ratings: JSON under /api/ratings and the star control's form target /ratings/{slug}. */
export function ratingsRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  // The hook comes first: it covers the writes of both plugins after it.
  return new Elysia({ name: 'ratings' }).use(auth).onBeforeHandle(limitReaderWrites(platform, 'rating')).use(ratingsApiRoutes(platform.db, platform.cache, auth)).use(ratingsPageRoutes(platform.db, platform.cache, auth, env));
}
