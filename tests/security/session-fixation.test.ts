import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { fetchVia, startFakeGoogle, type FakeGoogle } from '../support/oauth/fake-providers.ts';

/**
 * Every sign-in makes a new server-side session and ends the one the browser came with: a session
 * id planted in (or stolen from) a browser before its owner signs in is worth nothing afterwards.
 * The session id is the token's fourth segment.
 */
const clock = testClock();
const PASSWORD = 'a long enough password';
let app: TestApp;
let google: FakeGoogle;
let address = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  app = await startTestApp({
    seed: false,
    clock: clock.now,
    oauthFetch: fetchVia(google),
    env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TRUST_PROXY: '1', GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret },
  });
}, 30_000);
afterAll(async () => {
  await app?.close();
  await google?.stop();
});

const UA = 'Browser/1.0';
const sessionIdOf = (token: string) => token.split('.')[3]!;
const tokenIn = (cookie: string) => /auth_token=([^;]+)/.exec(cookie)?.[1] ?? '';
const me = (headers: Record<string, string>) => app.fetch('/api/auth/me', { headers: { accept: 'application/json', ...headers } });
const withPassword = async (session: Session) => {
  await app.platform.db.updateTable('app_users').set({ password_hash: await Bun.password.hash(PASSWORD) }).where('id', '=', session.user.id).execute();
};

/** The old session is gone for good: its cookie and its token as a Bearer header are anonymous. */
async function expectEnded(old: Session) {
  expect((await me({ cookie: old.cookie })).status).toBe(401);
  expect((await me({ authorization: `Bearer ${old.token}` })).status).toBe(401);
}

describe('signing in again from a browser that has a session', () => {
  test('the debug login: a new session id, and the old one ends', async () => {
    const first = await loginAs(app, 'fix-debug', { userAgent: UA });
    expect((await me({ cookie: first.cookie })).status).toBe(200); // its check is cached now
    const second = await loginAs(app, 'fix-debug', { userAgent: UA, cookie: first.cookie });
    expect(sessionIdOf(second.token)).not.toBe(sessionIdOf(first.token));
    await expectEnded(first);
    expect((await me({ cookie: second.cookie })).status).toBe(200);
  });

  test('the password form (POST /login): a new session id, and the old one ends', async () => {
    const first = await loginAs(app, 'fix-form', { userAgent: UA });
    await withPassword(first);
    expect((await me({ cookie: first.cookie })).status).toBe(200);
    const res = await app.fetch('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA, cookie: first.cookie, origin: TEST_ORIGIN, 'x-forwarded-for': `10.88.0.${++address}` },
      body: new URLSearchParams({ username: 'fix-form', password: PASSWORD, return_to: '/account' }).toString(),
    });
    expect(res.status).toBe(303);
    const token = tokenIn(cookieHeader(res, first.cookie));
    expect(sessionIdOf(token)).toBeTruthy();
    expect(sessionIdOf(token)).not.toBe(sessionIdOf(first.token));
    await expectEnded(first);
    expect((await me({ cookie: `auth_token=${token}` })).status).toBe(200);
  });

  test('the password API (POST /api/auth/login): a new session id, and the old one ends', async () => {
    const first = await loginAs(app, 'fix-api', { userAgent: UA });
    await withPassword(first);
    const res = await app.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA, authorization: `Bearer ${first.token}`, 'x-forwarded-for': `10.88.1.${++address}` },
      body: JSON.stringify({ username: 'fix-api', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(sessionIdOf(token)).not.toBe(sessionIdOf(first.token));
    await expectEnded(first);
    expect((await me({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  test('a provider sign-in: a new session id, and the old one ends', async () => {
    google.setNextProfile({ sub: 'fix-google-1', name: 'Fix Google', email: 'fix.google@example.test', email_verified: true });
    const headers = { 'user-agent': UA, 'x-forwarded-for': `10.88.2.${++address}` };
    const signIn = async (cookie: string) => {
      const start = await app.fetch('/auth/google?return_to=%2Faccount', { headers: { ...headers, cookie } });
      const callback = new URL(google.authorize(start.headers.get('location')!));
      const done = await app.fetch(callback.pathname + callback.search, { headers: { ...headers, cookie: cookieHeader(start, cookie) } });
      expect(done.status).toBe(303);
      return cookieHeader(done, cookie);
    };
    const firstCookie = await signIn('');
    const firstToken = tokenIn(firstCookie);
    expect((await me({ cookie: firstCookie })).status).toBe(200);
    google.setNextProfile({ sub: 'fix-google-1', name: 'Fix Google', email: 'fix.google@example.test', email_verified: true });
    const secondCookie = await signIn(firstCookie);
    expect(sessionIdOf(tokenIn(secondCookie))).not.toBe(sessionIdOf(firstToken));
    expect((await me({ cookie: `auth_token=${firstToken}` })).status).toBe(401);
    expect((await me({ authorization: `Bearer ${firstToken}` })).status).toBe(401);
    expect((await me({ cookie: secondCookie })).status).toBe(200);
  });

  test('a session of another account planted in the browser ends when its owner signs in', async () => {
    const planted = await loginAs(app, 'fix-planter', { userAgent: UA });
    const victim = await loginAs(app, 'fix-victim', { userAgent: UA, cookie: planted.cookie });
    expect(victim.user.username).toBe('fix-victim');
    await expectEnded(planted);
    expect((await me({ cookie: victim.cookie })).status).toBe(200);
  });

  test('the account keeps one session for that browser', async () => {
    const first = await loginAs(app, 'fix-count', { userAgent: UA });
    const second = await loginAs(app, 'fix-count', { userAgent: UA, cookie: first.cookie });
    const listed = (await (await app.fetch('/api/sessions', { headers: { accept: 'application/json', cookie: second.cookie } })).json()) as { sessions: { id: string; current: boolean }[] };
    expect(listed.sessions.map((s) => [s.id, s.current])).toEqual([[sessionIdOf(second.token), true]]);
  });
});
