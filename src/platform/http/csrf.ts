import { Elysia } from 'elysia';
import type { Logger } from '../log.ts';
import { forbidden } from './errors.ts';
import { requestOrigin, type OriginPolicy } from './public-origin.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origin a cookie-authenticated write claims to come from: Origin, else Referer's origin;
 * undefined when it names neither (then Sec-Fetch-Site decides), null when the Referer is garbage.
 */
function claimedOrigin(request: Request): string | null | undefined {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin;
  const referer = request.headers.get('referer');
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * docs/api.md, Identity: a cookie-authenticated write whose Origin (or, without it, Referer) names
 * another origin than the site's is 403. The site's origin is BASE_URL when set; without it, the
 * origin the request was addressed to, so a reader at 127.0.0.1 or a LAN address can save.
 * Writes with neither header, or with a Bearer token, pass. SameSite=Lax cookies are the first line.
 */
export function isCrossSiteWrite(request: Request, siteOrigin: string): boolean {
  if (!WRITES.has(request.method)) return false;
  if (!request.headers.has('cookie')) return false;
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return false;
  const claimed = claimedOrigin(request);
  if (claimed === undefined) return request.headers.get('sec-fetch-site') === 'cross-site';
  return claimed !== siteOrigin;
}

/**
 * Checked when the request arrives, before routing and body parsing: a cross-site write is
 * refused as such (403), never answered 400 for its body, and its body is never read.
 */
export function csrfGuard(policy: OriginPolicy, log?: Logger) {
  let warned = false;
  return new Elysia({ name: 'csrf' }).onRequest(({ request }) => {
    const own = requestOrigin(request, policy.trustProxy);
    if (!isCrossSiteWrite(request, policy.fixed ?? own)) return;
    // The site answered at an address BASE_URL does not name: the operator's setting, not an attack.
    if (policy.fixed && !warned && claimedOrigin(request) === own) {
      warned = true;
      log?.warn(`refused a write from ${own}: BASE_URL is ${policy.fixed}. If readers reach the site at ${own}, set BASE_URL=${own} (or leave BASE_URL unset to accept any address the site answers at)`);
    }
    throw forbidden('Cross-site request refused');
  });
}
