import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { adminScrapingDeps } from './deps.ts';
import { scrapingPageRoutes } from './page-routes.ts';

/** The admin's scraping page (/admin/scraping): start scrapes, ranges and update checks, follow and cancel tasks. */
export function scrapingAdminRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'scraping-admin' }).use(scrapingPageRoutes(platform, auth, env, adminScrapingDeps(platform)));
}
