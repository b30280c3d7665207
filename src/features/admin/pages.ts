import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { createSourceClient } from '../../integrations/sources/index.ts';
import { AdminHomePage } from '../../../views/pages/admin/AdminHomePage.tsx';
import { scrapeKind } from '../scraping/kind.ts';
import { sourcesConfig } from '../scraping/sources-config.ts';
import { importKind } from '../imports/kind.ts';
import { adminFacts } from './queries.ts';
import { PRIVATE } from './page-support.ts';
import { scrapingPageRoutes } from './scraping-pages.ts';
import { importPageRoutes } from './import-pages.ts';
import { bookPageRoutes } from './book-pages.ts';

/** The admin area's pages (admins only; everyone else gets the 403 page): home, scraping, imports, books. */
export function adminPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const scraping = { db: platform.db, sources: createSourceClient(sourcesConfig(platform.config)), kind: scrapeKind };
  const imports = { db: platform.db, objects: platform.objects, kind: importKind, maxBytes: platform.config.content.importMaxBytes };
  return new Elysia({ name: 'admin-pages' })
    .use(auth)
    .get('/admin', async ({ request }) => htmlResponse(AdminHomePage({ ctx: pageContext(request, env), ...(await adminFacts(platform.db)) }), 200, PRIVATE), { auth: 'admin', detail: { hide: true } })
    .use(scrapingPageRoutes(platform, auth, env, scraping))
    .use(importPageRoutes(platform, auth, env, imports))
    .use(bookPageRoutes(platform, auth, env, scraping));
}
