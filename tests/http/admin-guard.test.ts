import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';
import { createApp } from '../../src/app.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';

let app: TestApp;
let user: Session;
let pro: Session;
let admin: Session;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  [user, pro, admin] = [await loginAs(app, 'plain-user'), await loginAs(app, 'pro-user', { role: 'pro' }), await loginAs(app, 'the-admin', { role: 'admin' })];
});
afterAll(() => app.close());

/** Every admin route the app has, read from its route table rather than listed by hand. */
function adminRoutes(): { method: string; path: string }[] {
  const routes = createApp(app.platform, loadAssets()).routes as { method: string; path: string }[];
  return routes.filter((r) => r.path.startsWith('/api/admin') || r.path.startsWith('/admin'));
}

const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

test('every admin route answers 403 to anonymous, user and pro callers, in JSON and HTML', async () => {
  const routes = adminRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(2);
  for (const route of routes) {
    for (const [who, cookie] of [['anonymous', ''], ['user', user.cookie], ['pro', pro.cookie]] as const) {
      for (const accept of ['application/json', 'text/html']) {
        const init: RequestInit = { method: route.method, headers: { accept, cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' } };
        if (!['GET', 'HEAD'].includes(route.method)) init.body = '{}';
        const res = await app.fetch(concrete(route.path), init);
        if (res.status !== 403) throw new Error(`${route.method} ${route.path} as ${who} (${accept}) answered ${res.status}`);
        if (accept === 'application/json') expect(await res.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
      }
    }
  }
});

test('an admin gets through', async () => {
  const res = await app.fetch('/api/admin/users', { headers: { accept: 'application/json', cookie: admin.cookie } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { users: { username: string }[] };
  expect(body.users.map((u) => u.username)).toContain('plain-user');
});
