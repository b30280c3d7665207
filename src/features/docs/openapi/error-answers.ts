import type { GuardDescription } from '../../../platform/http/auth.ts';
import type { Operation, ResponseObject } from './types.ts';

export const API_ERROR_REF = { $ref: '#/components/schemas/ApiError' };

const DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid: a parameter, query or body field is missing or wrong (`invalid_request`)',
  401: 'Sign in first: no session, or it has ended (`unauthorized`)',
  403: 'Not allowed: the role is missing (Pro, administrator), the item is someone else’s, or a cookie write came from another site (`forbidden`)',
  404: 'Nothing here: no such book, chapter or item (`not_found`)',
  402: 'This needs Chapterhouse Pro, or the free daily limit is used up (`pro_required`)',
  409: 'It clashes with what is there: taken, already done or still running (`conflict`)',
  410: 'It was there and is gone: an expired or used link (`gone`)',
  413: 'The body is too large (`too_large`)',
  415: 'The body is not of a type this accepts (`unsupported_media_type`)',
  416: 'The byte range cannot be served (`range_not_satisfiable`)',
  429: 'Too many tries: wait the Retry-After seconds (`rate_limited`)',
  502: 'A service this depends on answered badly (`bad_gateway`)',
  503: 'Not available on this server or not right now: not configured, or a part is down (`unavailable` or a more specific code)',
  504: 'A service this depends on did not answer in time (`gateway_timeout`)',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The error statuses every JSON route of its kind can give, added to those it declares itself:
 * 400 for input it validates, 401/403 for its guard (and 403 for a cookie write from elsewhere),
 * 404 for a path naming an item, 413 for a body. Each answers the shared ApiError body.
 */
export function inferredErrorStatuses(path: string, method: string, operation: Operation, guard: GuardDescription | null): number[] {
  const statuses = new Set<number>();
  if (operation.parameters?.length || operation.requestBody) statuses.add(400);
  if (guard && guard.kind !== 'access') {
    if (guard.kind !== 'admin') statuses.add(401);
    if (guard.kind === 'pro' || guard.kind === 'admin' || guard.kind === 'rule') statuses.add(403);
  }
  if (WRITES.has(method) && guard?.kind !== 'credential') statuses.add(403);
  if (path.includes('{')) statuses.add(404);
  if (operation.requestBody) statuses.add(413);
  return [...statuses].sort();
}

export function addErrorAnswers(operation: Operation, statuses: number[]): void {
  const responses = (operation.responses ??= {});
  for (const status of statuses) {
    if (responses[status]) continue;
    responses[status] = errorResponse(status);
  }
}

export function errorResponse(status: number, description = DESCRIPTIONS[status] ?? `Error ${status}`): ResponseObject {
  return { description, content: { 'application/json': { schema: API_ERROR_REF } } };
}
