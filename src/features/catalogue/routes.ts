import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { catalogueApiRoutes } from './api-routes.ts';
import { cataloguePageRoutes } from './page-routes.ts';
import type { CatalogueListings } from './listings.ts';

/** Browse, search, rankings, genres and the audio slug list: pages and JSON. */
export function catalogueRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, listings: CatalogueListings) {
  return new Elysia({ name: 'catalogue' })
    .use(auth)
    .use(catalogueApiRoutes(platform.db, platform.cache, listings.index, auth))
    .use(cataloguePageRoutes(listings.index, auth, env, { now: () => platform.clock().getTime() }));
}
