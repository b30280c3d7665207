import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ACCESS_MATRIX, type Access } from './access-matrix.ts';
import { routeKey, routeSchemas, routeTable, type RouteEntry, type RouteSchemas } from './support/route-table.ts';
import { jsonOf, settle } from './support/requests.ts';
import { TEST_ORIGIN, startWorld, type Caller, type CallerName, type World } from './support/world.ts';

/**
 * decisions.md "Identity": an admin-only route answers 403 to every caller without the admin role
 * whatever the parameters; a Pro-only route its Pro refusal; a signed-in-only route 401 to an
 * anonymous caller. The role check comes before validation: a caller who may not use a route
 * never learns from a 400 what it accepts. Driven by the route table and the access matrix, so a
 * new guarded route is covered as soon as it is classified there.
 */
let world: World;
let routes: RouteEntry[];
let schemas: Map<string, RouteSchemas>;
beforeAll(async () => {
  world = await startWorld();
  routes = routeTable(world.app);
  schemas = routeSchemas(world.app);
});
afterAll(() => world.app.close());

/** Fails every slug, id, number, enum, pattern and length limit a route declares. */
const INVALID = 'Not Valid! '.padEnd(2100, 'x');

type Refusal = 'admins-only' | 'pro-only' | 'unauthorized';

/**
 * Signed-in routes of features/accounts and features/billing that used to check the caller in their
 * handlers, after validation (so they answered 400 before 401). They now take `{ auth: 'user' }` or
 * `{ auth: signedIn(…) }` (platform/http/sign-in.ts) like every other route; the sweep below covers
 * them with the rest, and one test names them so that none can drop out of it unnoticed.
 */
const ONCE_CHECKED_IN_HANDLERS = [
  'DELETE /api/sessions/:id',
  'GET /api/presign/avatar-upload/:userId',
  'GET /api/presign/avatar/:userId',
  'GET /account',
  'POST /account/avatar',
  'PATCH /account/avatar',
  'DELETE /account/avatar',
  'POST /account/password',
  'POST /account/email',
  'POST /account/app-passwords',
  'POST /account/app-passwords/:id/revoke',
  'POST /account/avatar/remove',
  'POST /pro/checkout',
  'POST /pro/portal',
];

/** Who is refused on a route of each access class, and how. */
const REFUSED: Partial<Record<Access, [CallerName, Refusal][]>> = {
  admin: [['anonymous', 'admins-only'], ['user', 'admins-only'], ['pro', 'admins-only']],
  service: [['anonymous', 'admins-only'], ['user', 'admins-only'], ['pro', 'admins-only']],
  pro: [['anonymous', 'pro-only'], ['user', 'pro-only']],
  user: [['anonymous', 'unauthorized']],
  owner: [['anonymous', 'unauthorized']],
};

function propertiesOf(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

function invalidUrl(route: RouteEntry): URL {
  const path = route.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(INVALID)).replace(/\*$/, encodeURIComponent(INVALID));
  const url = new URL(path, TEST_ORIGIN);
  const query = propertiesOf(schemas.get(routeKey(route))?.query);
  for (const name of query.length ? query : ['page']) url.searchParams.set(name, INVALID);
  return url;
}

/** A body that is not JSON at all, and one that parses but fits no field of the route's schema. */
function invalidBodies(route: RouteEntry): [label: string, body: string | undefined][] {
  if (route.method === 'GET' || route.method === 'HEAD') return [['no body', undefined]];
  const fields = propertiesOf(schemas.get(routeKey(route))?.body);
  const wrongShape = Object.fromEntries([...fields, 'not-a-field'].map((name) => [name, { not: [INVALID] }]));
  return [['malformed JSON', '{"slug": '], ['a body of the wrong shape', JSON.stringify(wrongShape)]];
}

function invalidRequest(route: RouteEntry, caller: Caller, body: string | undefined): Request {
  const method = route.method === 'ALL' ? 'POST' : route.method;
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN, cookie: caller.cookie, 'user-agent': 'security-suite/1.0' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Request(invalidUrl(route), { method, headers, body });
}

/** The reason a response is not the refusal expected, or null when it is. */
function mismatch(refusal: Refusal, path: string, status: number, text: string, location: string | null): string | null {
  const body = jsonOf(text) as { error?: unknown; message?: unknown } | undefined;
  const is = (code: string, message?: string) => body?.error === code && typeof body.message === 'string' && (message === undefined || body.message === message);
  switch (refusal) {
    case 'admins-only':
      return status === 403 && is('forbidden', 'Administrators only') ? null : `expected 403 Administrators only, got ${status} ${text.slice(0, 160)}`;
    case 'pro-only':
      return status === 403 && is('forbidden', 'This needs Chapterhouse Pro') ? null : `expected 403 This needs Chapterhouse Pro, got ${status} ${text.slice(0, 160)}`;
    case 'unauthorized':
      if (status === 401 && is('unauthorized')) return null;
      if (!path.startsWith('/api/') && (status === 302 || status === 303) && location?.startsWith('/login')) return null;
      return `expected 401 unauthorized${path.startsWith('/api/') ? '' : ' or a redirect to /login'}, got ${status} ${location ?? ''} ${text.slice(0, 160)}`;
  }
}

async function refusalsOf(access: Access[], which: (key: string) => boolean = () => true): Promise<string[]> {
  const failures: string[] = [];
  const guarded = routes.filter((route) => access.includes(ACCESS_MATRIX[routeKey(route)]?.access as Access) && which(routeKey(route)));
  expect(guarded.length).toBeGreaterThan(0);
  for (const route of guarded) {
    const refused = REFUSED[ACCESS_MATRIX[routeKey(route)]!.access]!;
    await Promise.all(refused.flatMap(([name, refusal]) => invalidBodies(route).map(async ([label, body]) => {
      const request = invalidRequest(route, world.callers[name], body);
      const { status, text, response } = await settle(await world.app.handle(request));
      const problem = mismatch(refusal, new URL(request.url).pathname, status, text, response.headers.get('location'));
      if (problem) failures.push(`${routeKey(route)} as ${name} with ${label}: ${problem}`);
    })));
  }
  return failures;
}

describe('the access check runs before validation', () => {
  test('an admin route with an invalid id answers a non-admin 403, not 400 (GET /api/admin/ai-jobs/x)', async () => {
    for (const caller of [world.callers.anonymous, world.callers.user]) {
      const response = await world.app.handle(new Request(`${TEST_ORIGIN}/api/admin/ai-jobs/x`, { headers: { accept: 'application/json', cookie: caller.cookie } }));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
    }
  });

  test('every admin route refuses anonymous callers, readers and Pro readers with 403 whatever the parameters, query and body', async () => {
    expect(await refusalsOf(['admin', 'service'])).toEqual([]);
  });

  test('every Pro-only route refuses anonymous callers and free readers with its Pro refusal whatever the parameters', async () => {
    expect(await refusalsOf(['pro'])).toEqual([]);
  });

  test('every signed-in-only route answers an anonymous caller 401 (or sends a page to /login) whatever the parameters', async () => {
    expect(await refusalsOf(['user', 'owner'])).toEqual([]);
  });

  test('the accounts and billing routes that checked the caller in their handlers are served and classified signed-in-only', () => {
    const served = new Set(routes.map(routeKey));
    expect(ONCE_CHECKED_IN_HANDLERS.filter((key) => !served.has(key))).toEqual([]);
    expect(ONCE_CHECKED_IN_HANDLERS.filter((key) => !['user', 'owner'].includes(ACCESS_MATRIX[key]?.access as Access))).toEqual([]);
  });

  test('those accounts and billing routes answer an anonymous caller 401 (or send a page to /login) whatever the parameters', async () => {
    const named = new Set(ONCE_CHECKED_IN_HANDLERS);
    expect(await refusalsOf(['user', 'owner'], (key) => named.has(key))).toEqual([]);
  });
});
