import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { libraryApiRoutes } from './api-routes.ts';
import { libraryPageRoutes } from './page-routes.ts';

/** The reader's library: JSON under /api/library, the /library page and its form targets. */
export function libraryRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'library' }).use(libraryApiRoutes(platform.db, auth)).use(libraryPageRoutes(platform.db, auth, env));
}
