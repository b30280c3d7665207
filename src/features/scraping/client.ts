import type { Logger } from '../../platform/log.ts';

/**
 * How the web layer reaches the scraper backend: over HTTP at SCRAPER_URL, or, without it, the
 * same requests handed to this process's own app. Either way the web routes relay the backend's
 * status and JSON body as they are (interface.md "Admin"), so a deployment that splits the two
 * behaves like one that does not.
 */
export interface BackendReply {
  status: number;
  body: unknown;
}

export interface ScraperClient {
  post(path: string, body: unknown): Promise<BackendReply>;
}

export class ScraperUnreachable extends Error {
  override name = 'ScraperUnreachable';
}

export const SERVICE_HEADER = 'x-chapterhouse-service';

export function createScraperClient(options: {
  /** SCRAPER_URL, or null for this process. */
  baseUrl: string | null;
  /** Proves the web layer to the backend (derived from AUTH_SECRET, which every process shares). */
  serviceToken: string;
  /** In-process: this app's own handler. */
  local: (request: Request) => Promise<Response>;
  log: Logger;
  timeoutMs?: number;
}): ScraperClient {
  const send = options.baseUrl ? (request: Request) => fetch(request) : options.local;
  const origin = options.baseUrl ?? 'http://scraper.internal';
  return {
    async post(path, body) {
      const request = new Request(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [SERVICE_HEADER]: options.serviceToken },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      let response: Response;
      try {
        response = await send(request);
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
    },
  };
}
