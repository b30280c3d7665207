/**
 * How the web routes reach the scraper backend: the service itself in this process
 * (in-process-client.ts), or over HTTP at SCRAPER_URL (http-client.ts). Either way the web routes
 * relay the backend's status and JSON body as they are (interface.md "Admin"), so a deployment
 * that splits the two behaves like one that does not.
 */
export interface BackendReply {
  status: number;
  body: unknown;
}

/** POST /api/scrape/range after its own checks: `to` is whatever the admin sent, the backend judges it. */
export interface RangeRequest {
  url: string;
  from: number;
  to?: unknown;
}

/** A refusal (400, 409) is a reply from either; a backend failure is a 5xx reply over HTTP, and thrown in this process. */
export interface ScraperClient {
  scrapeBook(body: { url?: string; all?: boolean }, initiatorId: string): Promise<BackendReply>;
  scrapeRange(request: RangeRequest, initiatorId: string): Promise<BackendReply>;
}

/** The backend could not be reached at all: the web route answers 502. */
export class ScraperUnreachable extends Error {
  override name = 'ScraperUnreachable';
}

/** Carries the key that proves the web layer to the backend. */
export const SERVICE_HEADER = 'x-chapterhouse-service';
