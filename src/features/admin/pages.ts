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
import { adminFacts, dashboardCounts, jobCountsByKind, recentFailures } from './queries.ts';
import { recentUsage } from '../ai/usage.ts';
import type { AiProvider } from '../ai/provider.ts';
import { aiPageRoutes } from './ai-pages.ts';
import type { DashboardData } from '../../../views/pages/admin/ai/AdminDashboard.tsx';
import { PRIVATE } from './page-support.ts';
import { scrapingPageRoutes } from './scraping-pages.ts';
import { importPageRoutes } from './import-pages.ts';
import { bookPageRoutes } from './book-pages.ts';

/** The admin area's pages (admins only; everyone else gets the 403 page): home, scraping, imports, books. */
export function adminPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  const scraping = { db: platform.db, sources: createSourceClient(sourcesConfig(platform.config)), kind: scrapeKind };
  const imports = { db: platform.db, objects: platform.objects, kind: importKind, maxBytes: platform.config.content.importMaxBytes };
  return new Elysia({ name: 'admin-pages' })
    .use(auth)
    .get('/admin', async ({ request }) => {
      const [facts, dashboard] = await Promise.all([adminFacts(platform.db), dashboardData(platform)]);
      return htmlResponse(AdminHomePage({ ctx: pageContext(request, env), ...facts, dashboard }), 200, PRIVATE);
    }, { auth: 'admin', detail: { hide: true } })
    .use(scrapingPageRoutes(platform, auth, env, scraping))
    .use(importPageRoutes(platform, auth, env, imports))
    .use(bookPageRoutes(platform, auth, env, scraping))
    .use(aiPageRoutes(platform, auth, env, ai));
}

const FAILURE_PAGES = { scrape: () => '/admin/scraping', import: () => '/admin/imports', ai: (id: string) => `/admin/ai-jobs/${id}`, job: () => '/admin/audio' } as const;

async function dashboardData(platform: BootedPlatform): Promise<DashboardData> {
  const [counts, jobs, failures, usage] = await Promise.all([dashboardCounts(platform.db), jobCountsByKind(platform.db), recentFailures(platform.db, 8), recentUsage(platform.db, platform.clock(), 14)]);
  return {
    counts,
    jobs,
    failures: failures.map((f) => ({ source: f.source, kind: f.kind, error: f.error.slice(0, 300), when: new Date(f.when).toISOString(), href: FAILURE_PAGES[f.source](f.id) })),
    usage,
  };
}
