import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { formAction, PRIVATE } from '../../../platform/http/form-pages.ts';
import { ScrapingPage } from '../../../../views/pages/admin/scraping/ScrapingPage.tsx';
import { ScrapeTaskList } from '../../../../views/pages/admin/scraping/ScrapeTaskList.tsx';
import { noticeFrom } from '../../../../views/pages/admin/shared/notice.ts';
import { cancelTask, listTasks, startRange, startScrape, startUpdateCheck, type ScrapingDeps } from '../service.ts';

const Query = t.Object({ task: t.Optional(t.String({ maxLength: 64 })), done: t.Optional(t.String({ maxLength: 32 })), error: t.Optional(t.String({ maxLength: 400 })) });
const Form = t.Object({ url: t.Optional(t.String({ maxLength: 2048 })), from: t.Optional(t.String({ maxLength: 12 })), to: t.Optional(t.String({ maxLength: 12 })) }, { additionalProperties: true });
const PAGE = '/admin/scraping';

/** /admin/scraping and its forms; the work goes through the scraping feature's service. */
export function scrapingPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, deps: ScrapingDeps) {
  const tasks = () => listTasks(platform.db, 30, undefined, platform.clock());
  const highlightOf = (task?: string) => (task && /^[0-9a-f-]{36}$/.test(task) ? task : null);
  const number = (value: string | undefined) => (value && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null);
  return new Elysia({ name: 'scraping-admin-pages' })
    .use(auth)
    .get(PAGE, async ({ request, query }) => {
      const ctx = pageContext(request, env);
      return htmlResponse(ScrapingPage({ ctx, tasks: await tasks(), highlight: highlightOf(query.task), notice: noticeFrom(query, ctx) }), 200, PRIVATE);
    }, { auth: 'admin', query: Query, detail: { hide: true } })
    .get(`${PAGE}/tasks`, async ({ request, query }) => htmlResponse(ScrapeTaskList({ ctx: pageContext(request, env), tasks: await tasks(), highlight: highlightOf(query.task) }), 200, PRIVATE), { auth: 'admin', query: Query, detail: { hide: true } })
    .post(`${PAGE}/book`, ({ body, user }) => formAction(PAGE, async () => `task=${await startScrape(deps, { url: body.url ?? '' }, user.id)}&done=started`), { auth: 'admin', body: Form, detail: { hide: true } })
    .post(`${PAGE}/range`, ({ body, user }) =>
      formAction(PAGE, async () => {
        const from = number(body.from);
        if (from === null) throw badRequest('url and from are required');
        const started = await startRange(deps, { url: body.url ?? '', from, to: number(body.to) }, user.id);
        return `task=${started.task_id}&done=started`;
      }), { auth: 'admin', body: Form, detail: { hide: true } })
    .post(`${PAGE}/all`, ({ user }) => formAction(PAGE, async () => `task=${await startScrape(deps, { all: true }, user.id)}&done=started`), { auth: 'admin', detail: { hide: true } })
    .post(`${PAGE}/updates`, ({ user }) => formAction(PAGE, async () => `task=${await startUpdateCheck(deps, user.id)}&done=started`), { auth: 'admin', detail: { hide: true } })
    .post(`${PAGE}/tasks/:id/cancel`, ({ params }) => formAction(PAGE, async () => `task=${(await cancelTask(platform.db, params.id)).id}&done=cancelled`), {
      auth: 'admin',
      params: t.Object({ id: t.String({ format: 'uuid' }) }),
      detail: { hide: true },
    });
}
