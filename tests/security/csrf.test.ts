import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ACCESS_MATRIX } from './access-matrix.ts';
import { routeKey, routeTable, type RouteEntry } from './support/route-table.ts';
import { jsonOf, requestFor, settle } from './support/requests.ts';
import { writeRoutes } from './support/writes.ts';
import { BOOK, TEST_ORIGIN, startWorld, type Caller, type World } from './support/world.ts';

/**
 * decisions.md, Identity: a cookie-authenticated write whose Origin (or, without it, Referer) names
 * another origin is 403 forbidden; docs/api.md adds Sec-Fetch-Site: cross-site without either, and
 * the message `Cross-site request refused`. Writes with neither header, or a Bearer token, pass.
 */
const REFUSED = { error: 'forbidden', message: 'Cross-site request refused' };
const EVIL = 'https://evil.example';

let world: World;
let writes: RouteEntry[];
beforeAll(async () => {
  world = await startWorld();
  writes = writeRoutes(routeTable(world.app));
});
afterAll(() => world.app.close());

async function callAs(caller: Caller, route: RouteEntry, headers: Record<string, string>, dropOrigin = false) {
  const row = ACCESS_MATRIX[routeKey(route)];
  const request = requestFor(route, row, world, caller, headers);
  if (dropOrigin) request.headers.delete('origin');
  return settle(await world.app.handle(request));
}

/** An admin may reach every write; calls that end a session use a throwaway admin. */
async function callerFor(route: RouteEntry): Promise<Caller> {
  return ACCESS_MATRIX[routeKey(route)]?.endsSession ? world.throwaway('admin') : world.callers.admin;
}

const crossSiteClaims: [string, Record<string, string>, boolean][] = [
  ['a foreign Origin', { origin: EVIL }, false],
  ['Origin: null (a sandboxed frame)', { origin: 'null' }, false],
  ['the right host on another port', { origin: 'http://localhost:4000' }, false],
  ['the right host over https', { origin: 'https://localhost:3000' }, false],
  ['a foreign Referer and no Origin', { referer: `${EVIL}/page` }, true],
  ['Sec-Fetch-Site: cross-site and neither header', { 'sec-fetch-site': 'cross-site' }, true],
];

describe('every cookie-authenticated write from another site is refused', () => {
  for (const [label, headers, dropOrigin] of crossSiteClaims) {
    test(`with ${label}`, async () => {
      expect(writes.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const route of writes) {
        const { status, text } = await callAs(await callerFor(route), route, headers, dropOrigin);
        if (status !== 403 || JSON.stringify(jsonOf(text)) !== JSON.stringify(REFUSED)) failures.push(`${routeKey(route)}: ${status} ${text.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

test('a cross-site write is refused before its body is read: a malformed or invalid body is still 403', async () => {
  const failures: string[] = [];
  for (const route of writes) {
    for (const [type, body] of [['application/json', '{"unterminated'], ['application/json', '[]'], ['application/x-www-form-urlencoded', '%%%'], ['text/plain', 'x']]) {
      const method = route.method === 'ALL' ? 'POST' : route.method;
      const path = requestFor(route, ACCESS_MATRIX[routeKey(route)], world, world.callers.user).url;
      const res = await world.app.handle(new Request(path, { method, headers: { cookie: world.callers.user.cookie, origin: EVIL, 'content-type': type!, accept: 'application/json' }, body }));
      const text = await res.text();
      if (res.status !== 403 || JSON.stringify(jsonOf(text)) !== JSON.stringify(REFUSED)) failures.push(`${routeKey(route)} (${type}): ${res.status} ${text.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
});

describe('the same writes from the site itself get past the CSRF layer', () => {
  const sameSite: [string, Record<string, string>, boolean][] = [
    ['own Origin', { origin: TEST_ORIGIN }, false],
    ['own Referer', { referer: `${TEST_ORIGIN}/book/${BOOK}` }, true],
    ['no Origin or Referer', { 'sec-fetch-site': 'same-origin' }, true],
  ];
  for (const [label, headers, dropOrigin] of sameSite) {
    test(`with ${label}`, async () => {
      const failures: string[] = [];
      for (const route of writes) {
        const { status, text } = await callAs(await callerFor(route), route, headers, dropOrigin);
        if ((jsonOf(text) as { message?: string } | undefined)?.message === REFUSED.message) failures.push(`${routeKey(route)}: ${status}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('a refused write changes nothing', () => {
  const evil = (caller: Caller, method: string, path: string, body: Record<string, unknown> | URLSearchParams) =>
    world.app.fetch(path, {
      method,
      headers: {
        cookie: caller.cookie,
        origin: EVIL,
        accept: 'application/json',
        'content-type': body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: body instanceof URLSearchParams ? body.toString() : JSON.stringify(body),
    });
  const get = async (caller: Caller, path: string) => (await world.app.fetch(path, { headers: { cookie: caller.cookie, accept: 'application/json' } })).json() as Promise<Record<string, any>>;

  test('settings, progress, library, ratings, comments, follows and the account stay as they were', async () => {
    const reader = await world.throwaway('user');
    const victim = reader.session!.user;
    const before = {
      settings: await get(reader, '/api/settings'),
      library: await get(reader, '/api/library'),
      rating: await get(reader, `/api/ratings/${BOOK}`),
      progress: await get(reader, `/api/progress/${BOOK}`),
      comments: await get(reader, `/api/comments/${BOOK}?chapter=1`),
      profile: await get(reader, `/api/users/${world.callers.other.session!.user.username}`),
      me: await get(reader, '/api/auth/me'),
    };
    const attempts = [
      await evil(reader, 'PUT', '/api/settings', { theme: 'rose', speed: 2.5 }),
      await evil(reader, 'POST', '/prefs', new URLSearchParams({ theme: 'rose' })),
      await evil(reader, 'POST', '/settings', new URLSearchParams({ theme: 'rose' })),
      await evil(reader, 'POST', `/api/library/${BOOK}`, { shelf: 'reading' }),
      await evil(reader, 'POST', `/api/ratings/${BOOK}`, { rating: 1 }),
      await evil(reader, 'POST', '/api/progress', { slug: BOOK, chapter: 3 }),
      await evil(reader, 'POST', `/api/comments/${BOOK}`, { text: 'Planted by another site', chapter: 1 }),
      await evil(reader, 'POST', `/api/users/${world.callers.other.session!.user.username}/subscribe`, {}),
      await evil(reader, 'POST', '/api/auth/change-email', { email: 'attacker@evil.example' }),
      await evil(reader, 'POST', '/api/auth/change-password', { new_password: 'attacker-chosen-password' }),
      await evil(reader, 'DELETE', '/api/account', { confirm: victim.username }),
      await evil(reader, 'POST', '/api/auth/logout', {}),
    ];
    for (const res of attempts) expect(res.status).toBe(403);
    expect({
      settings: await get(reader, '/api/settings'),
      library: await get(reader, '/api/library'),
      rating: await get(reader, `/api/ratings/${BOOK}`),
      progress: await get(reader, `/api/progress/${BOOK}`),
      comments: await get(reader, `/api/comments/${BOOK}?chapter=1`),
      profile: await get(reader, `/api/users/${world.callers.other.session!.user.username}`),
      me: await get(reader, '/api/auth/me'),
    }).toEqual(before);
    // The password was not set: signing in with the attacker's choice fails.
    const login = await world.app.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: victim.username, password: 'attacker-chosen-password' }) });
    expect(login.status).toBe(401);
  });

  test("an admin's cross-site write does not change a reader's role", async () => {
    const target = await world.throwaway('user');
    const res = await evil(world.callers.admin, 'PATCH', `/api/admin/users/${target.session!.user.id}`, { role: 'admin' });
    expect(res.status).toBe(403);
    expect(((await get(target, '/api/auth/me')).user as { role: string }).role).toBe('user');
  });
});

test('a Bearer token is not refused on this ground, whatever the Origin', async () => {
  const session = world.callers.user.session!;
  const res = await world.app.fetch('/api/settings', {
    method: 'PUT',
    headers: { authorization: `Bearer ${session.token}`, origin: EVIL, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ theme: 'light' }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { theme: string }).theme).toBe('light');
});
