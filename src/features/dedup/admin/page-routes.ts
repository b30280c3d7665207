import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { formAction, PRIVATE } from '../../../platform/http/form-pages.ts';
import { DedupPlan } from '../../../../views/pages/admin/dedup/DedupPlan.tsx';
import { dedupBook } from '../service.ts';

const Slug = t.Object({ slug: t.String({ maxLength: 200 }) });

/** De-duplication from a book's admin page: the dry run's plan (htmx fragment), then applying it. */
export function dedupPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const page = (slug: string) => `/admin/books/${encodeURIComponent(slug)}`;
  return new Elysia({ name: 'dedup-admin-pages' })
    .use(auth)
    .get('/admin/books/:slug/dedup', async ({ request, params }) => htmlResponse(DedupPlan({ ctx: pageContext(request, env), slug: params.slug, result: await dedupBook(platform, params.slug, true) }), 200, PRIVATE), {
      auth: 'admin',
      params: Slug,
      detail: { hide: true },
    })
    .post('/admin/books/:slug/dedup', async ({ request, params }) => {
      const result = await dedupBook(platform, params.slug, false);
      if (request.headers.get('hx-request') === 'true') return htmlResponse(DedupPlan({ ctx: pageContext(request, env), slug: params.slug, result }), 200, PRIVATE);
      return formAction(page(params.slug), async () => 'done=deduplicated');
    }, { auth: 'admin', params: Slug, detail: { hide: true } });
}
