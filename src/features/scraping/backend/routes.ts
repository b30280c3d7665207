import { timingSafeEqual } from 'node:crypto';
import { Elysia, t } from 'elysia';
import type { AccessRule, AuthPlugin, Caller } from '../../../platform/http/auth.ts';
import { forbidden } from '../../../platform/http/errors.ts';
import { SERVICE_HEADER } from './client.ts';
import { startRange, startScrape, type ScrapingDeps } from '../service.ts';
import { RangeAccepted, RangeBody, ScrapeBody, TaskIdResponse } from '../model.ts';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The scraper backend (interface.md: backend paths). Callers are a web layer whose SCRAPER_URL
 * points here (http-client.ts), which proves itself with the service header (a key derived from
 * AUTH_SECRET) and names the admin it acts for, or an admin directly. Everyone else: 403.
 */
export function scraperBackendRoutes(deps: ScrapingDeps, auth: AuthPlugin, serviceToken: string) {
  const viaService = (request: Request): boolean => {
    const header = request.headers.get(SERVICE_HEADER);
    return !!header && sameSecret(header, serviceToken);
  };
  const serviceOrAdmin: AccessRule = (caller, { request }) => {
    if (!viaService(request) && caller.user?.role !== 'admin') throw forbidden('Administrators only');
  };
  /** Who the scrape is for: the admin the web layer names, or the admin calling directly (serviceOrAdmin let no one else through). */
  const initiatorOf = (request: Request, caller: Caller, named?: string): string | null => (viaService(request) ? named ?? null : caller.user?.id ?? null);
  return new Elysia({ name: 'scraping-backend' })
    .use(auth)
    .post('/scrape/book/range', async ({ body, request, caller, status }) => {
      const initiator = initiatorOf(request, caller, body.initiator_id);
      return status(202, await startRange(deps, body, initiator));
    }, { access: serviceOrAdmin, body: RangeBody, response: { 202: RangeAccepted }, detail: { tags: ['scraping'], summary: 'Backend: scrape chapters from..to of a book (202; queued behind scrapes under way)' } })
    .post('/scrape/book', async ({ body, request, caller, status }) => {
      const initiator = initiatorOf(request, caller, body.initiator_id);
      return status(202, { task_id: await startScrape(deps, body, initiator) });
    }, { access: serviceOrAdmin, body: t.Object({ ...ScrapeBody.properties, initiator_id: t.Optional(t.String({ format: 'uuid' })) }), response: { 202: TaskIdResponse }, detail: { tags: ['scraping'], summary: 'Backend: scrape one book ({url}) or every scraped book ({all: true})' } });
}
