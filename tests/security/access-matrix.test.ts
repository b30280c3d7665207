import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ACCESS_MATRIX, type Access, type Row } from './access-matrix.ts';
import { routeKey, routeTable, type RouteEntry } from './support/route-table.ts';
import { jsonOf, requestFor, settle } from './support/requests.ts';
import { startWorld, type CallerName, type World } from './support/world.ts';

let world: World;
let routes: RouteEntry[];
beforeAll(async () => {
  world = await startWorld();
  routes = routeTable(world.app);
});
afterAll(() => world.app.close());

type Outcome = 'passes' | 'unauthorized' | 'admins-only' | 'pro-only' | 'not-owner' | 'refused' | 'bad-credentials' | 'closed' | 'unknown-link';

/** What each caller must meet on a route of each access class. */
function expected(access: Access, caller: CallerName): Outcome {
  switch (access) {
    case 'public':
    case 'reader':
      return 'passes';
    case 'user':
      return caller === 'anonymous' ? 'unauthorized' : 'passes';
    case 'owner':
      if (caller === 'anonymous') return 'unauthorized';
      return caller === 'user' || caller === 'admin' ? 'passes' : 'not-owner';
    case 'pro':
      return caller === 'pro' || caller === 'admin' ? 'passes' : 'pro-only';
    case 'admin':
    case 'service':
      return caller === 'admin' ? 'passes' : 'admins-only';
    case 'webhook':
    case 'signed':
    case 'debug-token':
      return 'refused';
    case 'credentials':
      return 'bad-credentials';
    case 'metrics-token':
      return 'unauthorized';
    case 'app-password':
      return 'bad-credentials';
    case 'closed':
      return 'closed';
    case 'one-time-link':
      return 'unknown-link';
  }
}

/** The reason a response does not match `outcome`, or null when it does. */
function mismatch(outcome: Outcome, path: string, status: number, text: string, location: string | null): string | null {
  const body = jsonOf(text) as { error?: unknown; message?: unknown } | undefined;
  if (status === 500 || (body && body.error === 'internal_error')) return `answered ${status} ${text.slice(0, 200)}`;
  const isError = (code: string, message?: string) => body?.error === code && typeof body.message === 'string' && (message === undefined || body.message === message);
  switch (outcome) {
    case 'passes':
      if (status === 401 || status === 403) return `was refused: ${status} ${text.slice(0, 200)}`;
      if (location?.startsWith('/login')) return `was sent to sign in (${location})`;
      return null;
    case 'unauthorized':
      if (status === 401 && isError('unauthorized')) return null;
      if (!path.startsWith('/api/') && (status === 302 || status === 303) && location?.startsWith('/login')) return null;
      return `expected 401 unauthorized${path.startsWith('/api/') ? '' : ' or a redirect to /login'}, got ${status} ${location ?? ''} ${text.slice(0, 200)}`;
    case 'admins-only':
      return status === 403 && isError('forbidden', 'Administrators only') ? null : `expected 403 Administrators only, got ${status} ${text.slice(0, 200)}`;
    case 'pro-only':
      return status === 403 && isError('forbidden', 'This needs Chapterhouse Pro') ? null : `expected 403 This needs Chapterhouse Pro, got ${status} ${text.slice(0, 200)}`;
    case 'not-owner':
      return (status === 403 && isError('forbidden')) || (status === 404 && isError('not_found')) ? null : `expected 403 or 404 for a caller who is not the owner, got ${status} ${text.slice(0, 200)}`;
    case 'bad-credentials':
      return status === 401 ? null : `expected 401 for wrong credentials, got ${status} ${text.slice(0, 200)}`;
    case 'refused':
      return status === 403 && isError('forbidden') ? null : `expected 403 forbidden, got ${status} ${text.slice(0, 200)}`;
    case 'closed':
      return status === 402 && (body as { code?: unknown } | undefined)?.code === 2005 ? null : `expected KOReader's 402 registration refusal (code 2005), got ${status} ${text.slice(0, 200)}`;
    case 'unknown-link':
      return status === 404 ? null : `expected 404 for a made-up one-time link, got ${status} ${text.slice(0, 200)}`;
  }
}

describe('the matrix names exactly the routes the app serves', () => {
  test('every route has a row', () => {
    const missing = routes.map(routeKey).filter((key) => !(key in ACCESS_MATRIX));
    expect(missing).toEqual([]);
  });

  test('every row names a route that exists', () => {
    const served = new Set(routes.map(routeKey));
    expect(Object.keys(ACCESS_MATRIX).filter((key) => !served.has(key) && !ACCESS_MATRIX[key]!.onlyWhen)).toEqual([]);
  });
});

const CALLERS: CallerName[] = ['anonymous', 'user', 'other', 'pro', 'admin'];

/** The rows in groups, one test each, so that a slow route or a loaded machine keeps every test short. */
const GROUP = 30;
const keys = Object.keys(ACCESS_MATRIX);
const groups = Array.from({ length: Math.ceil(keys.length / GROUP) }, (_, i) => keys.slice(i * GROUP, (i + 1) * GROUP));

describe('every route answers each caller as its access class says, and never 500', () => {
  for (const group of groups) {
    test(`${group[0]} … ${group.at(-1)}`, async () => {
      const served = new Map(routes.map((route) => [routeKey(route), route]));
      const failures: string[] = [];
      // The five callers of one route run side by side: they share no state that the route could change.
      for (const key of group) {
        const route = served.get(key);
        if (!route) continue; // a row for another set-up (onlyWhen); the test above checks the rest
        const row: Row = ACCESS_MATRIX[key]!;
        await Promise.all(CALLERS.map(async (name) => {
          const caller = row.endsSession ? await world.throwaway(name) : world.callers[name];
          const request = requestFor(route, row, world, caller);
          const { status, text, response } = await settle(await world.app.handle(request));
          const problem = mismatch(expected(row.access, name), new URL(request.url).pathname, status, text, response.headers.get('location'));
          if (problem) failures.push(`${key} as ${name}: ${problem}`);
        }));
      }
      expect(failures).toEqual([]);
    });
  }
});
