import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { ImportDeps } from '../service.ts';
import { importPageRoutes } from './page-routes.ts';
import { importReviewRoutes } from './review-routes.ts';

/** The admin's import pages: upload, follow the tasks, review and edit a split (book details, genres, chapter titles, merge, split), publish or split again. */
export function importAdminRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, deps: ImportDeps) {
  return new Elysia({ name: 'imports-admin' }).use(importPageRoutes(platform, auth, env, deps)).use(importReviewRoutes(platform, auth, env, deps));
}
