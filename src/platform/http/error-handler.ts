import { Elysia, ValidationError } from 'elysia';
import type { Logger } from '../log.ts';
import { AppError } from './errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { CacheUnavailable } from '../cache/port.ts';
import { ObjectStoreUnavailable } from '../objects/port.ts';
import { isStorageFull } from '../storage-full.ts';
import { RateLimited } from './rate-limit.ts';
import { htmlResponse, jsonError } from './respond.ts';
import { isApiPath, requestIdOf, wantsHtmx } from './request-context.ts';
import { pageContext, type PageEnvironment } from './page.ts';
import { CredentialRefused, type CallerResolver } from './auth.ts';
import { setViewer, viewerOf } from './request-context.ts';
import { validationMessage } from './validation-message.ts';
import { SignInRequired, toSignIn } from './sign-in.ts';
import type { PageContext } from './page-context.ts';

interface Mapped {
  status: number;
  code: string;
  message: string;
}

/** Every failure becomes an AppError-like triple; unknown errors are logged and become a bare 500. */
function mapError(code: string | number, error: unknown, request: Request, log: Logger): Mapped {
  if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
  if (code === 'NOT_FOUND') return { status: 404, code: 'not_found', message: 'Not found' };
  // The body could not be read whole: refused past its limit while Elysia parsed it (counted-body.ts).
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (code === 'PARSE' && cause instanceof AppError) return { status: cause.status, code: cause.code, message: cause.message };
  if (code === 'PARSE') return { status: 400, code: 'invalid_request', message: isJson(request) ? 'Invalid JSON body' : 'Invalid request body' };
  if (code === 'VALIDATION' && error instanceof ValidationError) return { status: 400, code: 'invalid_request', message: validationMessage(error) };
  if (code === 'INVALID_COOKIE_SIGNATURE') return { status: 400, code: 'invalid_request', message: 'Invalid cookie' };
  if (isNulCharacterError(error)) return { status: 400, code: 'invalid_request', message: 'Text must not contain NUL characters' };
  // Already logged by the cache adapter, once per outage.
  if (error instanceof CacheUnavailable) return { status: 503, code: 'unavailable', message: 'The service is briefly unavailable; try again in a moment' };
  if (isStorageFull(error)) {
    log.error('storage full', { req_id: requestIdOf(request), path: new URL(request.url).pathname, reason: (error as Error).message });
    return { status: 503, code: 'unavailable', message: 'The server is out of storage space; try again later' };
  }
  if (error instanceof ObjectStoreUnavailable) {
    log.warn('object store unavailable', { req_id: requestIdOf(request), path: new URL(request.url).pathname, reason: error.message });
    return error.timedOut
      ? { status: 504, code: 'gateway_timeout', message: 'File storage did not answer in time; try again in a moment' }
      : { status: 503, code: 'unavailable', message: 'File storage is unavailable; try again in a moment' };
  }
  if (isDatabaseUnavailable(error)) {
    log.warn('database unavailable', { req_id: requestIdOf(request), path: new URL(request.url).pathname, reason: (error as Error).message });
    return { status: 503, code: 'unavailable', message: 'The service is briefly unavailable; try again in a moment' };
  }
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  if (status >= 400 && status < 500) return { status, code: 'invalid_request', message: 'Invalid request' };
  log.error('unhandled error', { req_id: requestIdOf(request), path: new URL(request.url).pathname, error: error as Error });
  return { status: 500, code: 'internal_error', message: 'Something went wrong' };
}

/**
 * PostgreSQL refuses U+0000 in text (22021 on a parameter, 22P05 inside JSON): the reader sent it,
 * so it is their bad input, not our failure. Nothing was written: the statement failed whole.
 */
function isNulCharacterError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '22P05') return true;
  return code === '22021' && typeof message === 'string' && message.includes('0x00');
}

/**
 * Draws the error page of a status; `message` is set only below 500. The views draw it and
 * src/app.ts passes it in, as the platform imports no view.
 */
export type ErrorPageRenderer = (ctx: PageContext, status: number, message: string | undefined) => string | Promise<string>;

/**
 * Under /api/: the JSON body of docs/api.md. htmx requests: an empty response with a toast trigger.
 * Pages: a rendered error page, or sign-in for a signed-in action. Never a stack trace, SQL or file path.
 * Without `errorPage` (an API alone, in tests) pages get the JSON body too.
 */
export function errorHandler(env: PageEnvironment, log: Logger, resolveCaller?: CallerResolver, errorPage?: ErrorPageRenderer) {
  return new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, async ({ code, error, request }) => {
    const path = new URL(request.url).pathname;
    if (error instanceof CredentialRefused) return error.response;
    if (error instanceof SignInRequired && !isApiPath(path)) return toSignIn(request, error.returnTo);
    const mapped = mapError(code, error, request, log);
    const headers: Record<string, string> = error instanceof RateLimited ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    if (isApiPath(path) || !acceptsHtml(request)) return jsonError(mapped.status, mapped.message, mapped.code, headers);
    if (wantsHtmx(request)) {
      return new Response(null, {
        status: mapped.status,
        headers: { 'hx-trigger': JSON.stringify({ 'app:toast': { level: 'error', message: mapped.message } }), 'hx-reswap': 'none' },
      });
    }
    if (!errorPage) return jsonError(mapped.status, mapped.message, mapped.code, headers);
    if (resolveCaller && !viewerOf(request)) await rememberViewer(request, resolveCaller);
    const ctx = pageContext(request, env);
    return htmlResponse(errorPage(ctx, mapped.status, mapped.status < 500 ? mapped.message : undefined), mapped.status, headers);
  });
}

/**
 * A path no route matches fails before the auth plugin runs, so its page would greet a signed-in
 * reader as a visitor; resolve them here. A failure to resolve leaves the page anonymous.
 */
async function rememberViewer(request: Request, resolveCaller: CallerResolver): Promise<void> {
  const resolved = await resolveCaller(request).catch(() => null);
  if (!resolved) return;
  const { username, role, avatarUrl, look } = resolved.user;
  setViewer(request, { username, role, avatarUrl, look });
}

function acceptsHtml(request: Request): boolean {
  const accept = request.headers.get('accept');
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

function isJson(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').toLowerCase().includes('json');
}
