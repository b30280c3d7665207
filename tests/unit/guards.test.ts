import { describe, expect, test } from 'bun:test';
import { Elysia, t } from 'elysia';
import { authPlugin, checkAccess, type Caller, type CallerUser } from '../../src/platform/http/auth.ts';
import { errorHandler } from '../../src/platform/http/error-handler.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { AppError } from '../../src/platform/http/errors.ts';

const user = (role: CallerUser['role']): CallerUser => ({ id: 'u', username: 'u', role, email: null, avatarKey: null, providerAvatarUrl: null, avatarUrl: null });
const caller = (role: CallerUser['role'] | null): Caller => ({
  user: role ? user(role) : null, sessionId: null, via: role ? 'cookie' : null, anonId: 'anon-id-0000000000',
  reader: role ? { kind: 'user', userId: 'u' } : { kind: 'anon', sessionId: 'anon-id-0000000000' },
});
const statusOf = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (error) {
    return (error as AppError).status;
  }
};

describe('access levels', () => {
  test.each([
    ['user', null, 401], ['user', 'user', 200], ['user', 'pro', 200], ['user', 'admin', 200],
    ['pro', null, 401], ['pro', 'user', 403], ['pro', 'pro', 200], ['pro', 'admin', 200],
    ['admin', null, 403], ['admin', 'user', 403], ['admin', 'pro', 403], ['admin', 'admin', 200],
  ] as const)('%s route, caller %s → %d', (level, role, status) => {
    expect(statusOf(() => checkAccess(caller(role), level))).toBe(status);
  });

  test('the guard macro applies the level on a route', async () => {
    const app = new Elysia()
      .use(errorHandler({ baseUrl: 'http://localhost', asset: (p) => p }, silentLogger))
      .use(authPlugin(async (request) => (request.headers.get('x-role') ? { user: user(request.headers.get('x-role') as 'pro'), sessionId: null, via: 'bearer' } : null)))
      .get('/api/pro-only', () => ({ ok: true }), { auth: 'pro' });
    const call = (role?: string) => app.handle(new Request('http://localhost/api/pro-only', { headers: role ? { 'x-role': role } : {} }));
    expect((await call()).status).toBe(401);
    expect((await call('user')).status).toBe(403);
    expect(await (await call('user')).json()).toEqual({ error: 'forbidden', message: 'This needs Chapterhouse Pro' });
    expect((await call('pro')).status).toBe(200);
  });
});

/**
 * Elysia validates params, query and body before beforeHandle (stack-notes, 2026-11-28); the guard
 * runs in parse and transform so that it answers first. These pin that order to the Elysia in use.
 */
describe('the guard runs before validation', () => {
  const app = new Elysia()
    .use(errorHandler({ baseUrl: 'http://localhost', asset: (p) => p }, silentLogger))
    .use(authPlugin(async (request) => (request.headers.get('x-role') ? { user: user(request.headers.get('x-role') as 'pro'), sessionId: null, via: 'bearer' } : null)))
    .post('/api/admin/things/:id', ({ params, body }) => ({ id: params.id, body }), { auth: 'admin', params: t.Object({ id: t.Numeric() }), body: t.Object({ name: t.String() }) })
    .post('/api/admin/raw', async ({ request }) => ({ text: await request.text() }), { auth: 'admin', parse: 'none' });
  const call = (path: string, body: string, role?: string) =>
    app.handle(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(role ? { 'x-role': role } : {}) }, body }));

  test.each([
    ['a bad id', '/api/admin/things/x', '{"name":"a"}'],
    ['a body of the wrong shape', '/api/admin/things/1', '{"name":5}'],
    ['malformed JSON', '/api/admin/things/1', '{"name":'],
  ])('%s: 403 for anyone but an admin', async (_label, path, body) => {
    for (const role of [undefined, 'user', 'pro']) {
      const res = await call(path, body, role);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
    }
  });

  test('an admin still meets validation, and gets the parsed body when it is right', async () => {
    expect((await call('/api/admin/things/x', '{"name":"a"}', 'admin')).status).toBe(400);
    expect((await call('/api/admin/things/1', '{"name":', 'admin')).status).toBe(400);
    expect(await (await call('/api/admin/things/7', '{"name":"a"}', 'admin')).json()).toEqual({ id: 7, body: { name: 'a' } });
  });

  test("a route that reads its own body (parse: 'none') still gets it whole", async () => {
    expect(await (await call('/api/admin/raw', 'not json at all', 'admin')).json()).toEqual({ text: 'not json at all' });
    expect((await call('/api/admin/raw', 'not json at all')).status).toBe(403);
  });
});

/** What the handler of a guarded route gets: the signed-in user, from the session or a credential of the route's own. */
describe('the signed-in user of a guarded route', () => {
  const byRole = async (request: Request) => (request.headers.get('x-role') ? { user: user(request.headers.get('x-role') as 'pro'), sessionId: null, via: 'bearer' as const } : null);
  /** A client's own credential: a key in a header, refused with the client's own answer. */
  const deviceKey = async (request: Request): Promise<CallerUser | Response> =>
    request.headers.get('x-key') === 'good' ? { ...user('user'), id: 'device-user' } : new Response('{"code":2001}', { status: 401, headers: { 'www-authenticate': 'Key' } });
  const app = new Elysia()
    .use(errorHandler({ baseUrl: 'http://localhost', asset: (p) => p }, silentLogger))
    .use(authPlugin(byRole))
    .get('/api/me', ({ user }) => ({ id: user.id, role: user.role }), { auth: 'user' })
    .put('/device/push', async ({ user, request }) => ({ id: user.id, text: await request.text() }), { auth: { credential: deviceKey, scheme: 'kosync' }, parse: 'none' })
    .post('/backend', ({ caller }) => ({ user: caller.user?.role ?? null }), { access: (_caller, { request }) => {
      if (request.headers.get('x-service') !== 'yes' && _caller.user?.role !== 'admin') throw new AppError(403, 'forbidden', 'Administrators only');
    } });
  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => app.handle(new Request(`http://localhost${path}`, { method, headers, body }));

  test('a level gives the handler the session user', async () => {
    expect(await (await call('GET', '/api/me', { 'x-role': 'pro' })).json()).toEqual({ id: 'u', role: 'pro' });
    expect((await call('GET', '/api/me')).status).toBe(401);
  });

  test("a credential gives the handler its user and leaves the body alone; a refusal is the client's own answer", async () => {
    expect(await (await call('PUT', '/device/push', { 'x-key': 'good' }, 'raw text')).json()).toEqual({ id: 'device-user', text: 'raw text' });
    const refused = await call('PUT', '/device/push', { 'x-key': 'bad', 'x-role': 'admin' }, 'raw text');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Key');
    expect(await refused.text()).toBe('{"code":2001}');
  });

  test('an access rule may let an anonymous caller through, and refuses the others', async () => {
    expect(await (await call('POST', '/backend', { 'x-service': 'yes' })).json()).toEqual({ user: null });
    expect(await (await call('POST', '/backend', { 'x-role': 'admin' })).json()).toEqual({ user: 'admin' });
    expect((await call('POST', '/backend', { 'x-role': 'user' })).status).toBe(403);
  });
});
