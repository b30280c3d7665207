import type { Logger } from '../../../platform/log.ts';
import { SERVICE_HEADER, ScraperUnreachable, type BackendReply, type ScraperClient } from './client.ts';

/**
 * With SCRAPER_URL: the backend routes (routes.ts) of another process, over HTTP, proved by the
 * service key. Whatever status and JSON body come back are the reply; no answer at all is
 * ScraperUnreachable.
 */
export function createHttpScraperClient(options: {
  /** SCRAPER_URL. */
  baseUrl: string;
  /** Proves the web layer to the backend (derived from AUTH_SECRET, which every process shares). */
  serviceToken: string;
  log: Logger;
  timeoutMs?: number;
}): ScraperClient {
  const origin = options.baseUrl;
  async function post(path: string, body: unknown): Promise<BackendReply> {
    const request = new Request(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', [SERVICE_HEADER]: options.serviceToken },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    let response: Response;
    try {
      response = await fetch(request);
    } catch (error) {
      options.log.warn('scraper backend unreachable', { url: origin, error: String(error) });
      throw new ScraperUnreachable(String(error));
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { error: 'bad_gateway', message: 'The scraper answered with something that is not JSON' };
    }
    if (response.status >= 500) options.log.error('scraper backend error', { path, status: response.status, body: text.slice(0, 500) });
    return { status: response.status, body: parsed };
  }
  return {
    scrapeBook: (body, initiatorId) => post('/scrape/book', { ...body, initiator_id: initiatorId }),
    scrapeRange: ({ url, from, to }, initiatorId) => post('/scrape/book/range', { url, from, ...(to !== undefined ? { to } : {}), initiator_id: initiatorId }),
  };
}
