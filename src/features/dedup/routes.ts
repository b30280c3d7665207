import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { dedupBook } from './service.ts';
import { DedupQuery, DedupResponse } from './model.ts';
import { dedupAdminRoutes } from './admin/routes.ts';

/** Chapter de-duplication (docs/api.md "Admin"), by API and from a book's admin page. */
export function dedupRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'dedup' })
    .use(auth)
    .post('/api/admin/dedup/:slug', ({ params, query }) => dedupBook(platform, params.slug, query.dry_run === '1' || query.dry_run === 'true'), {
      auth: 'admin',
      params: t.Object({ slug: t.String({ maxLength: 200 }) }),
      query: DedupQuery,
      response: DedupResponse,
      detail: { tags: ['admin'], summary: 'Remove repeated and (near-)identical chapters, keeping the best copy; ?dry_run=1 only shows the plan' },
    })
    .use(dedupAdminRoutes(platform, auth, env));
}
