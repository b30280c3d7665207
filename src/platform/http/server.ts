import { loggedPath } from './logged-path.ts';
import type { Logger } from '../log.ts';
import { compressResponse } from './compress.ts';
import { jsonError } from './respond.ts';
import { responseFactsOf, routeOf, stampRequest, urlOf } from './request-context.ts';
import { observeRequest } from './metrics/registry.ts';
import { serializeCookie } from './cookies.ts';
import { publicBaseFor, runWithPublicBase, type OriginPolicy } from './public-origin.ts';
import { HSTS } from './security-headers.ts';
import { badHost, hasUsableHost } from './host-header.ts';
import { tooLargeMessage, type BodyLimits } from './body-limits.ts';
import { countedBody } from './counted-body.ts';

/** The app's outermost handler; `clientIp` is asked only when something needs the address. */
export type Handler = (request: Request, clientIp?: () => string | undefined) => Promise<Response>;

const YEAR = 365 * 24 * 3600;
// Immutable public files are cached by browsers and proxies: no per-visitor cookie on them.
// Immutable files and what crawlers fetch: no visitor cookie, so caches and robots see clean responses.
const NO_VISITOR_COOKIE = /^\/((assets|covers|avatars|objects|sitemaps)\/|robots\.txt$|sitemap\.xml$|sw\.js$|manifest\.webmanifest$)/;

/**
 * The outermost layer around the Elysia app: a Host check, bodies counted against their route's
 * limit, a request id on every request and response, one JSON log line per request (no cookies,
 * no query secrets), security headers, compression.
 */
export function createRequestHandler(
  appHandle: (request: Request) => Promise<Response>,
  options: { log: Logger; headers: Record<string, string>; secureCookies: boolean; bodyLimits: BodyLimits; trustProxy?: boolean; origins?: OriginPolicy },
): Handler {
  const { log } = options;
  const defaultHeaders = Object.entries(options.headers);
  return async (incoming, clientIp) => {
    // Before anything reads the URL: links, origins and cache keys are all made from the Host.
    if (!hasUsableHost(incoming)) return badHost();
    const bodyLimit = incoming.body === null ? 0 : options.bodyLimits.limitFor(incoming.method, urlOf(incoming).pathname);
    const body = countedBody(incoming, bodyLimit);
    const request = body.request;
    const forwarded = options.trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    const facts = stampRequest(request, forwarded || (() => clientIp?.() ?? 'unknown'));
    const url = urlOf(request);
    let response: Response;
    const base = publicBaseFor(request, options.origins ?? { fixed: null, trustProxy: options.trustProxy ?? false });
    try {
      response = await runWithPublicBase(base, () => appHandle(request));
    } catch (error) {
      log.error('request failed outside the app', { req_id: facts.id, error: error as Error });
      response = jsonError(500, 'Something went wrong', 'internal_error');
    }
    // A route that swallowed the read error still answers 413: the body was refused, whatever it made of that.
    if (body.overLimit() && response.status !== 413) response = jsonError(413, tooLargeMessage(bodyLimit), 'too_large');
    response = mutable(await compressResponse(request, response));
    const headers = response.headers;
    // The rest of a refused body, or of a chunked one left unread, is not wanted: the runtime would
    // read and discard it to keep the connection, as much as the client sends. Closing costs less.
    if (response.status === 413 || (body.unread() && !request.headers.has('content-length'))) {
      body.abandon();
      headers.set('connection', 'close');
    }
    headers.set('x-request-id', facts.id);
    for (const [name, value] of defaultHeaders) if (!headers.has(name)) headers.set(name, value);
    // Without BASE_URL the scheme is the request's own (a trusted proxy's X-Forwarded-Proto included).
    if (base.startsWith('https:') && !headers.has('strict-transport-security')) headers.set('strict-transport-security', HSTS);
    const cookies = responseFactsOf(request);
    if (cookies.anonIsNew && !NO_VISITOR_COOKIE.test(url.pathname)) {
      headers.append('set-cookie', serializeCookie('session_id', cookies.anonId, { maxAgeSeconds: YEAR, httpOnly: true, secure: options.secureCookies }));
    }
    for (const cookie of cookies.responseCookies) headers.append('set-cookie', cookie);
    const elapsed = performance.now() - facts.startedAt;
    observeRequest(request.method, routeOf(request) ?? 'unmatched', response.status, elapsed / 1000);
    const ms = Math.round(elapsed * 10) / 10;
    const level = response.status >= 500 ? 'error' : url.pathname === '/healthz' || url.pathname.startsWith('/assets/') ? 'debug' : 'info';
    log[level]('request', { req_id: facts.id, method: request.method, path: loggedPath(url.pathname), status: response.status, ms });
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
