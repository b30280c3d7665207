import { randomBytes } from 'node:crypto';

/**
 * Per-request facts set by the outer server handler (server.ts) before Elysia sees the request,
 * readable anywhere that holds the Request.
 */
interface RequestFacts {
  id: string;
  startedAt: number;
}
const facts = new WeakMap<Request, RequestFacts>();
const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function stampRequest(request: Request): RequestFacts {
  const incoming = request.headers.get('x-request-id');
  const stamped = {
    id: incoming && INCOMING_ID.test(incoming) ? incoming : randomBytes(9).toString('base64url'),
    startedAt: performance.now(),
  };
  facts.set(request, stamped);
  return stamped;
}

export function requestIdOf(request: Request): string {
  return facts.get(request)?.id ?? 'unknown';
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function wantsHtmx(request: Request): boolean {
  return request.headers.get('hx-request') === 'true';
}
