import type { RouteEntry } from './route-table.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'ALL']);

/** The routes a browser could be tricked into calling with its cookies: every write. */
export function writeRoutes(routes: RouteEntry[]): RouteEntry[] {
  return routes.filter((route) => WRITE_METHODS.has(route.method));
}
