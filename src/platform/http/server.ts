import type { Logger } from '../log.ts';
import { compressResponse } from './compress.ts';
import { jsonError } from './respond.ts';
import { stampRequest } from './request-context.ts';

export type Handler = (request: Request) => Promise<Response>;

/**
 * The outermost layer around the Elysia app: a request id on every request and response,
 * one JSON log line per request (no cookies, no query secrets), security headers, compression.
 */
export function createRequestHandler(appHandle: Handler, options: { log: Logger; headers: Record<string, string> }): Handler {
  const { log } = options;
  return async (request) => {
    const facts = stampRequest(request);
    const url = new URL(request.url);
    let response: Response;
    try {
      response = await appHandle(request);
    } catch (error) {
      log.error('request failed outside the app', { req_id: facts.id, error: error as Error });
      response = jsonError(500, 'Something went wrong', 'internal_error');
    }
    response = mutable(await compressResponse(request, response));
    const headers = response.headers;
    headers.set('x-request-id', facts.id);
    for (const [name, value] of Object.entries(options.headers)) if (!headers.has(name)) headers.set(name, value);
    const ms = Math.round((performance.now() - facts.startedAt) * 10) / 10;
    const level = response.status >= 500 ? 'error' : url.pathname === '/healthz' || url.pathname.startsWith('/assets/') ? 'debug' : 'info';
    log[level]('request', { req_id: facts.id, method: request.method, path: url.pathname, status: response.status, ms });
    return response;
  };
}

/** Some responses (redirects, fetched ones) have immutable headers: copy them once. */
function mutable(response: Response): Response {
  try {
    response.headers.set('x-request-id', '');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}
