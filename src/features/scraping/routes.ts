import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { deriveKey } from '../../platform/secrets.ts';
import { createSourceClient } from '../../integrations/sources/index.ts';
import { ScraperUnreachable, type BackendReply } from './backend/client.ts';
import { createHttpScraperClient } from './backend/http-client.ts';
import { createInProcessScraperClient } from './backend/in-process-client.ts';
import { scraperBackendRoutes } from './backend/routes.ts';
import { scrapingAdminRoutes } from './admin/routes.ts';
import { cancelTask, getTask, listTasks, startUpdateCheck, type ScrapingDeps } from './service.ts';
import { RangeAccepted, RangeRequest, ScrapeBody, ScrapeTask, TaskIdResponse, TaskList, TaskParams } from './model.ts';
import { sourceUrlOf } from './queries.ts';
import { scrapeKind } from './kind.ts';
import { sourcesConfig } from './sources-config.ts';

const tags = ['scraping'];

function relay(reply: BackendReply): Response {
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
}

/**
 * The web side: `/api/scrape` and `/api/scrape/range` go through the scraper client (the service in
 * this process, or the backend at SCRAPER_URL); task listings and cancel. The backend paths stay
 * mounted for web layers elsewhere whose SCRAPER_URL points here. The admin's scraping pages: admin/.
 */
export function scrapingRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const deps: ScrapingDeps = { db: platform.db, sources: createSourceClient(sourcesConfig(platform.config)), kind: scrapeKind };
  const serviceToken = deriveKey(platform.authSecret, 'scraper-backend');
  const { scraperUrl } = platform.config.content;
  const client = scraperUrl ? createHttpScraperClient({ baseUrl: scraperUrl, serviceToken, log: platform.log }) : createInProcessScraperClient(deps);
  const call = async (reply: Promise<BackendReply>) => {
    try {
      return relay(await reply);
    } catch (error) {
      if (error instanceof ScraperUnreachable) throw new AppError(502, 'bad_gateway', 'Could not reach scraper');
      throw error;
    }
  };

  return new Elysia({ name: 'scraping' })
    .use(auth)
    .use(scraperBackendRoutes(deps, auth, serviceToken))
    .post('/api/scrape', ({ body, user }) => call(client.scrapeBook(body, user.id)), {
      auth: 'admin',
      body: ScrapeBody,
      response: { 202: TaskIdResponse, ...errorAnswers(502) },
      detail: { tags, summary: 'Scrape one book ({url}) or every scraped book ({all: true}): 202 {task_id}' },
    })
    .post('/api/scrape/range', async ({ request, user }) => {
      const body = parseJsonObject(await request.text());
      const { url, from, to } = body;
      if (typeof url !== 'string' || !url || typeof from !== 'number' || !Number.isFinite(from)) throw badRequest('url and from are required');
      return call(client.scrapeRange({ url, from, ...(to !== undefined ? { to } : {}) }, user.id));
    }, {
      auth: 'admin',
      parse: 'none',
      response: { 202: RangeAccepted, ...errorAnswers(409, 502) },
      detail: {
        tags,
        summary: 'Scrape chapters from..to (to omitted: to the last chapter), queued behind scrapes under way; relays the backend status and body',
        requestBody: RangeRequest,
      },
    })
    .get('/api/admin/scrape-tasks', async ({ query }) => ({ tasks: await listTasks(platform.db, query.limit ?? 50, query.book, platform.clock()) }), {
      auth: 'admin',
      query: t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 200 })), book: t.Optional(t.String({ maxLength: 200 })) }),
      response: TaskList,
      detail: { tags, summary: 'Scrape tasks, newest first, with counts, gaps, errors and duration' },
    })
    .get('/api/admin/scrape-tasks/:id', ({ params }) => getTask(platform.db, params.id, platform.clock()), { auth: 'admin', params: TaskParams, response: ScrapeTask, detail: { tags, summary: 'One scrape task' } })
    .post('/api/admin/scrape-tasks/:id/cancel', ({ params }) => cancelTask(platform.db, params.id), {
      auth: 'admin',
      params: TaskParams,
      response: ScrapeTask,
      detail: { tags, summary: 'Cancel: a waiting task ends now, a running one before its next chapter (keeping what it has)' },
    })
    .post('/api/admin/books/:slug/check-updates', async ({ params, user, status }) => {
      const sourceUrl = await sourceUrlOf(platform.db, params.slug);
      if (sourceUrl === undefined) throw new AppError(404, 'not_found', 'No such book');
      if (!sourceUrl) throw badRequest('This book was not scraped from a source');
      return status(202, { task_id: await startUpdateCheck(deps, user.id, sourceUrl) });
    }, { auth: 'admin', params: t.Object({ slug: t.String({ maxLength: 200 }) }), response: { 202: TaskIdResponse }, detail: { tags, summary: 'Look for new chapters of one book now' } })
    .use(scrapingAdminRoutes(platform, auth, env));
}

/** interface.md: a malformed body, or one that is not a JSON object, is 400 `Invalid JSON body`. */
function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Invalid JSON body');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('Invalid JSON body');
  return value as Record<string, unknown>;
}
