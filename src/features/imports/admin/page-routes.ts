import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { formAction, PRIVATE } from '../../../platform/http/form-pages.ts';
import { ImportsPage } from '../../../../views/pages/admin/imports/ImportsPage.tsx';
import { ImportTaskList } from '../../../../views/pages/admin/imports/ImportTaskList.tsx';
import { noticeFrom } from '../../../../views/pages/admin/shared/notice.ts';
import { listImports, publishImport, rerunImport, startImport, type ImportDeps } from '../service.ts';
import { SPLIT_RULES } from '../model.ts';

const PAGE = '/admin/imports';
const Query = t.Object({ task: t.Optional(t.String({ maxLength: 64 })), done: t.Optional(t.String({ maxLength: 32 })), error: t.Optional(t.String({ maxLength: 400 })) });
const Id = t.Object({ id: t.String({ format: 'uuid' }) });

/** /admin/imports (upload, tasks), publishing and re-running a review (review-routes.ts draws and edits it); the work is the imports feature's. */
export function importPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, deps: ImportDeps) {
  const tasks = () => listImports(platform.db, 30, platform.clock());
  return new Elysia({ name: 'imports-admin-pages' })
    .use(auth)
    .get(PAGE, async ({ request, query }) => {
      const ctx = pageContext(request, env);
      const highlight = query.task && /^[0-9a-f-]{36}$/.test(query.task) ? query.task : null;
      return htmlResponse(ImportsPage({ ctx, tasks: await tasks(), highlight, notice: noticeFrom(query, ctx), maxMegabytes: Math.round(deps.maxBytes / 1024 / 1024) }), 200, PRIVATE);
    }, { auth: 'admin', query: Query, detail: { hide: true } })
    .get(`${PAGE}/tasks`, async ({ request }) => htmlResponse(ImportTaskList({ ctx: pageContext(request, env), tasks: await tasks(), highlight: null }), 200, PRIVATE), { auth: 'admin', detail: { hide: true } })
    .post(`${PAGE}/upload`, ({ request, user }) => formAction(PAGE, async () => `task=${await startImport(deps, request, user.id)}&done=uploaded`), { auth: 'admin', parse: 'none', detail: { hide: true } })
    .post(`${PAGE}/:id/publish`, ({ params }) => formAction(PAGE, async () => `task=${(await publishImport(deps, params.id)).id}&done=publishing`), { auth: 'admin', params: Id, detail: { hide: true } })
    .post(`${PAGE}/:id/rerun`, ({ params, body }) =>
      formAction(`${PAGE}/${params.id}`, async () => {
        const rule = (SPLIT_RULES as readonly string[]).includes(body.rule ?? '') ? body.rule! : 'auto';
        const pages = Number(body.pages_per_chapter);
        await rerunImport(deps, params.id, rule, Number.isInteger(pages) && pages >= 1 && pages <= 500 ? pages : undefined);
        return 'done=rerun';
      }), { auth: 'admin', params: Id, body: t.Object({ rule: t.Optional(t.String({ maxLength: 20 })), pages_per_chapter: t.Optional(t.String({ maxLength: 5 })) }, { additionalProperties: true }), detail: { hide: true } });
}
