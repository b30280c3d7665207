import type { PageContext } from '../../src/platform/http/page-context.ts';

/** The path part of ctx.path (which carries the query string). */
export function pathOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end) || '/';
}

/** '/' matches only itself; any other section also matches its sub-pages ('/library/x'). */
export function isCurrentPath(current: string, href: string): boolean {
  if (href === '/') return current === '/';
  return current === href || current.startsWith(href + '/');
}

/** An absolute URL on this site, for canonical and Open Graph tags. */
export function absoluteUrl(ctx: PageContext, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return ctx.baseUrl.replace(/\/+$/, '') + (pathOrUrl.startsWith('/') ? pathOrUrl : '/' + pathOrUrl);
}
