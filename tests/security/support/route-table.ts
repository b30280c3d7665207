import { createApp } from '../../../src/app.ts';
import { loadAssets } from '../../../src/platform/http/assets.ts';
import type { TestApp } from '../../support/app.ts';

export interface RouteEntry {
  method: string;
  path: string;
}

/** `METHOD /path/:param` — how the access matrix names a route. */
export const routeKey = (route: RouteEntry) => `${route.method} ${route.path}`;

/** Every route the app serves, read from the composed Elysia instance (the same one createHandler wraps). */
export function routeTable(app: TestApp): RouteEntry[] {
  const routes = createApp(app.platform, loadAssets()).routes as { method: string; path: string }[];
  const seen = new Map<string, RouteEntry>();
  for (const { method, path } of routes) seen.set(`${method} ${path}`, { method, path });
  return [...seen.values()];
}

/** The TypeBox body schema each route declares (`METHOD /path` → schema), as Elysia keeps it in the route's hooks. */
export function bodySchemas(app: TestApp): Map<string, unknown> {
  const routes = createApp(app.platform, loadAssets()).routes as { method: string; path: string; hooks?: { body?: unknown } }[];
  const schemas = new Map<string, unknown>();
  for (const route of routes) if (route.hooks?.body && typeof route.hooks.body === 'object') schemas.set(routeKey(route), route.hooks.body);
  return schemas;
}

export interface RouteSchemas {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** The TypeBox schemas of each route's path parameters, query and body (`METHOD /path` → schemas), as Elysia keeps them. */
export function routeSchemas(app: TestApp): Map<string, RouteSchemas> {
  const routes = createApp(app.platform, loadAssets()).routes as { method: string; path: string; hooks?: RouteSchemas }[];
  const schemas = new Map<string, RouteSchemas>();
  for (const route of routes) {
    const { params, query, body } = route.hooks ?? {};
    schemas.set(routeKey(route), { params, query, body });
  }
  return schemas;
}
