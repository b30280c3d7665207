import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { catalogueApiRoutes } from './api-routes.ts';
import { cataloguePageRoutes } from './page-routes.ts';

/** Browse, search, rankings, genres and the audio slug list: pages and JSON. */
export function catalogueRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'catalogue' })
    .use(auth)
    .use(catalogueApiRoutes(platform.db, platform.cache, auth))
    .use(cataloguePageRoutes(platform.db, auth, env));
}
