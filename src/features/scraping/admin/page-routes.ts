import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { AppError, badRequest } from '../../../platform/http/errors.ts';
import { formAction, PRIVATE, see } from '../../../platform/http/form-pages.ts';
import { ScrapingPage } from '../../../../views/pages/admin/scraping/ScrapingPage.tsx';
import { ScrapeTaskList } from '../../../../views/pages/admin/scraping/ScrapeTaskList.tsx';
import { AllConfirmPage } from '../../../../views/pages/admin/scraping/AllConfirmPage.tsx';
import type { RefusedForm } from '../../../../views/pages/admin/scraping/types.ts';
import { noticeFrom } from '../../../../views/pages/admin/shared/notice.ts';
import { cancelTask, getTask, listTasks, scrapedBookCount, startRange, startScrape, startUpdateCheck, type ScrapingDeps } from '../service.ts';

const Query = t.Object({ task: t.Optional(t.String({ maxLength: 64 })), done: t.Optional(t.String({ maxLength: 32 })), error: t.Optional(t.String({ maxLength: 400 })) });
const Form = t.Object({ url: t.Optional(t.String({ maxLength: 2048 })), from: t.Optional(t.String({ maxLength: 12 })), to: t.Optional(t.String({ maxLength: 12 })) }, { additionalProperties: true });
const ConfirmForm = t.Optional(t.Object({ confirmed: t.Optional(t.String({ maxLength: 8 })) }, { additionalProperties: true }));
const PAGE = '/admin/scraping';

/** /admin/scraping and its forms; the work goes through the scraping feature's service. */
export function scrapingPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, deps: ScrapingDeps) {
  const tasks = () => listTasks(platform.db, 30, undefined, platform.clock());
  const highlightOf = (task?: string) => (task && /^[0-9a-f-]{36}$/.test(task) ? task : null);
  const number = (value: string | undefined) => (value && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null);
  /** Started, or queued behind another task (the notice says which). */
  const started = async (id: string) => {
    const task = await getTask(platform.db, id, platform.clock());
    return see(`${PAGE}?task=${id}&done=${task.detail.waiting_for?.reason === 'queue' && task.detail.waiting_for.task_id ? 'queued' : 'started'}`);
  };
  /**
   * A refused form comes back as the page with what the admin typed and the reason next to it
   * (with the refusal's status), not as a redirect that would lose the input; the next success
   * redirects to a fresh page, so no stale error stays.
   */
  const submit = async (request: Request, form: RefusedForm['form'], body: { url?: string; from?: string; to?: string }, start: () => Promise<string>) => {
    try {
      return await started(await start());
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const refused: RefusedForm = { form, url: body.url ?? '', from: body.from ?? '', to: body.to ?? '', error: error.message };
      return htmlResponse(ScrapingPage({ ctx: pageContext(request, env), tasks: await tasks(), highlight: null, notice: null, refused }), error.status, PRIVATE);
    }
  };
  return new Elysia({ name: 'scraping-admin-pages' })
    .use(auth)
    .get(PAGE, async ({ request, query }) => {
      const ctx = pageContext(request, env);
      return htmlResponse(ScrapingPage({ ctx, tasks: await tasks(), highlight: highlightOf(query.task), notice: noticeFrom(query, ctx) }), 200, PRIVATE);
    }, { auth: 'admin', query: Query, detail: { hide: true } })
    .get(`${PAGE}/tasks`, async ({ request, query }) => htmlResponse(ScrapeTaskList({ ctx: pageContext(request, env), tasks: await tasks(), highlight: highlightOf(query.task) }), 200, PRIVATE), { auth: 'admin', query: Query, detail: { hide: true } })
    .post(`${PAGE}/book`, ({ request, body, user }) => submit(request, 'book', body, () => startScrape(deps, { url: body.url ?? '' }, user.id)), { auth: 'admin', body: Form, detail: { hide: true } })
    .post(`${PAGE}/range`, ({ request, body, user }) =>
      submit(request, 'range', body, async () => {
        const from = number(body.from);
        if (from === null) throw badRequest('url and from are required');
        return (await startRange(deps, { url: body.url ?? '', from, to: number(body.to) }, user.id)).task_id;
      }), { auth: 'admin', body: Form, detail: { hide: true } })
    .post(`${PAGE}/all`, async ({ request, body, user }) => {
      if (body?.confirmed !== '1') return htmlResponse(AllConfirmPage({ ctx: pageContext(request, env), books: await scrapedBookCount(platform.db) }), 200, PRIVATE);
      return started(await startScrape(deps, { all: true }, user.id));
    }, { auth: 'admin', body: ConfirmForm, detail: { hide: true } })
    .post(`${PAGE}/updates`, ({ user }) => formAction(PAGE, async () => `task=${await startUpdateCheck(deps, user.id)}&done=started`), { auth: 'admin', detail: { hide: true } })
    .post(`${PAGE}/tasks/:id/cancel`, ({ params }) => formAction(PAGE, async () => `task=${(await cancelTask(platform.db, params.id)).id}&done=cancelled`), {
      auth: 'admin',
      params: t.Object({ id: t.String({ format: 'uuid' }) }),
      detail: { hide: true },
    });
}
