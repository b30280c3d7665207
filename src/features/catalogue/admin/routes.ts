import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { BookScraping } from './book-scraping.ts';
import { bookPageRoutes } from './page-routes.ts';

/** The admin's book pages: find a book; re-scrape it, check it for new chapters, edit its metadata. */
export function catalogueAdminRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, scraping: BookScraping) {
  return new Elysia({ name: 'catalogue-admin' }).use(bookPageRoutes(platform, auth, env, scraping));
}
