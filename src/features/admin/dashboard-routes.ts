import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { PRIVATE } from '../../platform/http/form-pages.ts';
import { AdminHomePage } from '../../../views/pages/admin/AdminHomePage.tsx';
import type { DashboardData } from '../../../views/pages/admin/AdminDashboard.tsx';
import { adminFacts, dashboardCounts, jobCountsByKind, recentFailures } from './queries.ts';
import { recentUsage } from '../ai/usage.ts';

/**
 * /admin, the admin area's home (admins only; everyone else gets the 403 page): every tool, with
 * what is going on now. Each tool's pages live with the feature it administers (features/<feature>/admin/).
 */
export function adminDashboardRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'admin-dashboard' })
    .use(auth)
    .get('/admin', async ({ request }) => {
      const [facts, dashboard] = await Promise.all([adminFacts(platform.db), dashboardData(platform)]);
      return htmlResponse(AdminHomePage({ ctx: pageContext(request, env), ...facts, dashboard }), 200, PRIVATE);
    }, { auth: 'admin', detail: { hide: true } });
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
