import { Elysia } from 'elysia';
import { forbidden } from './errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * docs/api.md, Identity: a cookie-authenticated write whose Origin (or, without it, Referer) names
 * another origin than BASE_URL is 403. Writes with neither header, or with a Bearer token, pass.
 * SameSite=Lax cookies are the first line; this is the second.
 */
export function isCrossSiteWrite(request: Request, baseOrigin: string): boolean {
  if (!WRITES.has(request.method)) return false;
  if (!request.headers.has('cookie')) return false;
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== baseOrigin;
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      return new URL(referer).origin !== baseOrigin;
    } catch {
      return true;
    }
  }
  return request.headers.get('sec-fetch-site') === 'cross-site';
}

export function csrfGuard(baseUrl: string) {
  const baseOrigin = new URL(baseUrl).origin;
  return new Elysia({ name: 'csrf' }).onBeforeHandle({ as: 'global' }, ({ request }) => {
    if (isCrossSiteWrite(request, baseOrigin)) throw forbidden('Cross-site request refused');
  });
}
