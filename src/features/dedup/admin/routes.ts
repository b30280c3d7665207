import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { dedupPageRoutes } from './page-routes.ts';

/** The admin's de-duplication of a book's chapters, from the book's admin page. */
export function dedupAdminRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'dedup-admin' }).use(dedupPageRoutes(platform, auth, env));
}
