import { urlOf } from './request-context.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { isValidHost } from './host-header.ts';

/**
 * The address links are made with. With BASE_URL set it is always that. Without it, a reader may
 * open the site at localhost, 127.0.0.1 or the machine's LAN address, and each must get links,
 * canonical URLs, signed object URLs and sign-in redirects that point back to where they are: the
 * request's own origin. The outer handler (server.ts) runs each request inside its base, so code
 * deep in a service (an avatar URL, a presigned link) reads it without threading the request.
 */
export interface OriginPolicy {
  /** BASE_URL's origin when the operator set it; null means "follow the request". */
  fixed: string | null;
  trustProxy: boolean;
}

const scope = new AsyncLocalStorage<string>();

/** The origin the request was addressed to (Host), or the proxy's forwarded one when trusted. */
export function requestOrigin(request: Request, trustProxy: boolean): string {
  const url = urlOf(request);
  if (trustProxy) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    if (host && isValidHost(host)) return `${proto === 'https' ? 'https' : 'http'}://${host}`;
  }
  return url.origin;
}

export function publicBaseFor(request: Request, policy: OriginPolicy): string {
  return policy.fixed ?? requestOrigin(request, policy.trustProxy);
}

export function runWithPublicBase<T>(base: string, fn: () => T): T {
  return scope.run(base.replace(/\/+$/, ''), fn);
}

/** The current request's public base URL, or `fallback` outside a request (jobs, start-up). */
export function linkBase(fallback: string): string {
  return scope.getStore() ?? fallback.replace(/\/+$/, '');
}

/** The base the current request's pages are drawn with; null outside the outer handler (links then use the configured base). */
export function currentPublicBase(): string | null {
  return scope.getStore() ?? null;
}
