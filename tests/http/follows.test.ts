import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

function call(method: string, path: string, session: Session | null) {
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN };
  if (session) headers.cookie = session.cookie;
  return app.fetch(path, { method, headers });
}
const profile = async (username: string, session: Session | null = null) => {
  const res = await call('GET', `/api/users/${username}`, session);
  expect(res.status).toBe(200);
  return res.json() as Promise<{ user: { username: string; avatar_url: string | null }; followers: number; following: number; is_following: boolean }>;
};
const follow = (username: string, session: Session | null) => call('POST', `/api/users/${username}/subscribe`, session);
const unfollow = (username: string, session: Session | null) => call('DELETE', `/api/users/${username}/subscribe`, session);

describe('GET /api/users/{username}', () => {
  test('a public profile with counts; 404 for an unknown user', async () => {
    await loginAs(app, 'prof-ada');
    expect(await profile('prof-ada')).toEqual({ user: { username: 'prof-ada', avatar_url: null }, followers: 0, following: 0, is_following: false });
    const missing = await call('GET', '/api/users/nobody-here', null);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'User not found' });
  });

  test('avatar_url is absolute for a stored avatar', async () => {
    const user = await loginAs(app, 'prof-pic');
    await app.platform.db.updateTable('app_users').set({ avatar_key: `avatars/${user.user.id}/abc.png` }).where('id', '=', user.user.id).execute();
    expect((await profile('prof-pic')).user.avatar_url).toBe(`http://localhost:3000/avatars/${user.user.id}/abc.png`);
  });
});

describe('following', () => {
  test('follow and unfollow are idempotent and the counts follow; usernames match case-insensitively', async () => {
    const ada = await loginAs(app, 'fol-ada');
    const bob = await loginAs(app, 'fol-bob');
    const cy = await loginAs(app, 'fol-cy');
    for (let i = 0; i < 2; i++) {
      const res = await follow('fol-ada', bob);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ following: true });
    }
    expect(await (await follow('FOL-ADA', cy)).json()).toEqual({ following: true });
    await follow('fol-cy', ada);
    expect(await profile('fol-ada', bob)).toMatchObject({ followers: 2, following: 1, is_following: true });
    expect(await profile('fol-ada', null)).toMatchObject({ followers: 2, is_following: false });
    expect(await profile('fol-ada', ada)).toMatchObject({ is_following: false }); // oneself
    expect(await profile('fol-bob')).toMatchObject({ followers: 0, following: 1 });

    for (let i = 0; i < 2; i++) {
      const res = await unfollow('fol-ada', bob);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ following: false });
    }
    expect(await profile('fol-ada', bob)).toMatchObject({ followers: 1, is_following: false });
  });

  test('401 anonymous, 404 unknown user, 400 for oneself', async () => {
    const ada = await loginAs(app, 'fol-errors');
    for (const res of [await follow('fol-errors', null), await unfollow('fol-errors', null)]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue' });
    }
    const unknown = await follow('nobody-here', ada);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'User not found' });
    expect((await unfollow('nobody-here', ada)).status).toBe(404);
    const self = await follow('fol-errors', ada);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: 'invalid_request', message: 'You cannot follow yourself' });
    expect(await profile('fol-errors')).toMatchObject({ followers: 0, following: 0 });
  });
});

describe('the follow button form', () => {
  const form = (path: string, session: Session | null, returnTo: string, htmx = false) =>
    app.fetch(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, accept: 'text/html', ...(session ? { cookie: session.cookie } : {}), ...(htmx ? { 'hx-request': 'true' } : {}) },
      body: new URLSearchParams({ return_to: returnTo }).toString(),
    });

  test('without JavaScript it follows and goes back (303); with htmx it answers with the new button', async () => {
    await loginAs(app, 'btn-ada');
    const bob = await loginAs(app, 'btn-bob');
    const plain = await form('/users/btn-ada/follow', bob, '/');
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/');
    expect(await profile('btn-ada', bob)).toMatchObject({ is_following: true });
    const undo = await form('/users/btn-ada/unfollow', bob, '/', true);
    expect(undo.status).toBe(200);
    const button = await undo.text();
    expect(button).toContain('action="/users/btn-ada/follow"');
    expect(button).toContain('aria-pressed="false"');
    expect(button).toContain('aria-label="Follow btn-ada"');
    expect(await profile('btn-ada', bob)).toMatchObject({ is_following: false });
    const again = await (await form('/users/btn-ada/follow', bob, '/', true)).text();
    expect(again).toContain('aria-pressed="true"');
    expect(again).toContain('>Following</button>');
  });

  test('anonymous visitors are sent to sign in; the return path never leaves the site', async () => {
    const anon = await form('/users/btn-ada/follow', null, '/');
    expect(anon.headers.get('location')).toBe('/login?return_to=%2F');
    const bob = await loginAs(app, 'btn-carl');
    await loginAs(app, 'btn-dee');
    const evil = await form('/users/btn-dee/follow', bob, 'https://evil.example/');
    expect(evil.headers.get('location')).toBe('/');
    expect((await form('/users/btn-carl/follow', bob, '/')).status).toBe(400);
  });
});

describe('following and privacy', () => {
  test('a reader with a private library can still be followed and counted; the button returns to their profile', async () => {
    const shy = await loginAs(app, 'fol-shy');
    const fan = await loginAs(app, 'fol-shy-fan');
    const put = await app.fetch('/api/settings/privacy', { method: 'PUT', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: shy.cookie }, body: JSON.stringify({ library_private: true }) });
    expect(put.status).toBe(200);
    const plain = await app.fetch('/users/fol-shy/follow', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, accept: 'text/html', cookie: fan.cookie },
      body: new URLSearchParams({ return_to: '/users/fol-shy?shelf=completed' }).toString(),
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/users/fol-shy?shelf=completed');
    expect(await profile('fol-shy', fan)).toEqual({ user: { username: 'fol-shy', avatar_url: null }, followers: 1, following: 0, is_following: true });
    expect(await profile('fol-shy-fan')).toMatchObject({ followers: 0, following: 1 });
    const self = await follow('fol-shy', shy);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: 'invalid_request', message: 'You cannot follow yourself' });
  });
});
