import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { catalogueApiRoutes } from './api-routes.ts';
import { cataloguePageRoutes } from './page-routes.ts';
import { createCatalogueAnswers } from './answers.ts';

/** Browse, search, rankings, genres and the audio slug list: pages and JSON. */
export function catalogueRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  // One per process: subscribed here to the catalogue's change announcements (answers.ts).
  const answers = createCatalogueAnswers(platform.cache, { onError: (error) => platform.log.warn('catalogue answer cache unavailable', { error: error as Error }) });
  return new Elysia({ name: 'catalogue' })
    .use(auth)
    .use(catalogueApiRoutes(platform.db, platform.cache, answers, auth))
    .use(cataloguePageRoutes(platform.db, answers, auth, env, { now: () => platform.clock().getTime() }));
}
