import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { startWorld, type World } from './support/world.ts';
import { catalogues } from '../../src/platform/i18n/catalogues/index.ts';

/**
 * Setting or changing a password ends every other way into the account: the other sessions (cookie
 * and Bearer alike, on their very next request although their checks are cached), tokens without a
 * session (legacy three-segment ones) and every app password; the session that made the change
 * stays. Setting a first password, which needs no current password, needs a sign-in of the last
 * ten minutes: a stolen session that is older cannot give the account a password.
 */
const AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';
const clock = testClock();
let world: World;
beforeAll(async () => {
  world = await startWorld({}, { clock: clock.now });
}, 30_000);
afterAll(() => world.app.close());

const app = () => world.app;
const me = (headers: Record<string, string>) => app().fetch('/api/auth/me', { headers: { accept: 'application/json', ...headers } });
const changePassword = (session: Session, body: Record<string, string>, headers: Record<string, string> = {}) =>
  app().fetch('/api/auth/change-password', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', cookie: session.cookie, origin: TEST_ORIGIN, ...headers }, body: JSON.stringify(body) });
const passwordForm = (session: Session, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app().fetch('/account/password', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: session.cookie, origin: TEST_ORIGIN, ...headers }, body: new URLSearchParams(fields).toString() });
const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const opds = (username: string, password: string) => app().fetch('/opds', { headers: { authorization: basic(username, password) } });
const kosyncAuth = (username: string, password: string) =>
  app().fetch('/kosync/users/auth', { headers: { accept: 'application/vnd.koreader.v1+json', 'x-auth-user': username, 'x-auth-key': md5(password) } });
const md5 = (text: string) => new Bun.CryptoHasher('md5').update(text).digest('hex');
const sessionIdOf = (session: Session) => session.token.split('.')[3]!;
const legacyToken = (userId: string) => {
  const expires = Math.floor(clock.now().getTime() / 1000) + 3600;
  return `${userId}.${expires}.${createHmac('sha256', AUTH_SECRET).update(`${userId}.${expires}`).digest('base64url')}`;
};
async function appPassword(session: Session): Promise<string> {
  const res = await app().fetch('/api/app-passwords', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', cookie: session.cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ name: 'Kobo' }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { password: string }).password;
}

/**
 * One account signed in four ways besides `laptop`, each checked once so its check is cached. A
 * legacy token works only until the account's first password change, so an account that has
 * already changed it (`hadPassword`) shows it refused from the start.
 */
async function signedInEverywhere(username: string, hadPassword = false) {
  const laptop = await loginAs(app(), username, { userAgent: 'Laptop/1.0' });
  const phone = await loginAs(app(), username, { userAgent: 'Phone/1.0' });
  const mobileApp = await loginAs(app(), username, { userAgent: 'ReaderApp/2.0' });
  const legacy = legacyToken(laptop.user.id);
  const kobo = await appPassword(laptop);
  expect((await me({ cookie: phone.cookie })).status).toBe(200);
  expect((await me({ authorization: `Bearer ${mobileApp.token}` })).status).toBe(200);
  expect((await me({ cookie: `auth_token=${legacy}` })).status).toBe(hadPassword ? 401 : 200);
  expect((await opds(username, kobo)).status).toBe(200);
  expect((await kosyncAuth(username, kobo)).status).toBe(200);
  return { laptop, phone, mobileApp, legacy, kobo };
}

async function expectOnlyLaptopLeft(username: string, ways: Awaited<ReturnType<typeof signedInEverywhere>>) {
  expect((await me({ cookie: ways.phone.cookie })).status).toBe(401);
  expect((await me({ authorization: `Bearer ${ways.phone.token}` })).status).toBe(401);
  expect((await me({ authorization: `Bearer ${ways.mobileApp.token}` })).status).toBe(401);
  expect((await me({ cookie: `auth_token=${ways.legacy}` })).status).toBe(401);
  expect((await opds(username, ways.kobo)).status).toBe(401);
  expect((await kosyncAuth(username, ways.kobo)).status).toBe(401);
  expect((await me({ cookie: ways.laptop.cookie })).status).toBe(200);
  const listed = (await (await app().fetch('/api/sessions', { headers: { accept: 'application/json', cookie: ways.laptop.cookie } })).json()) as { sessions: { id: string; current: boolean }[] };
  expect(listed.sessions.map((s) => [s.id, s.current])).toEqual([[sessionIdOf(ways.laptop), true]]);
}

describe('setting a first password', () => {
  test('ends every other session, Bearer token, legacy token and app password; this one stays', async () => {
    const ways = await signedInEverywhere('first-pw');
    expect((await changePassword(ways.laptop, { new_password: 'a brand new password' })).status).toBe(204);
    await expectOnlyLaptopLeft('first-pw', ways);
  });

  test('through the account page form as well', async () => {
    const ways = await signedInEverywhere('first-pw-form');
    const res = await passwordForm(ways.laptop, { new_password: 'a brand new password', new_password_confirm: 'a brand new password' });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/account?saved=password-set#password']);
    await expectOnlyLaptopLeft('first-pw-form', ways);
  });
});

describe('changing a password', () => {
  test('ends every other session, Bearer token, legacy token and app password; this one stays', async () => {
    const owner = await loginAs(app(), 'change-pw', { userAgent: 'Laptop/1.0' });
    expect((await changePassword(owner, { new_password: 'the first password' })).status).toBe(204);
    const ways = await signedInEverywhere('change-pw', true);
    expect((await changePassword(ways.laptop, { current_password: 'the first password', new_password: 'the second password' })).status).toBe(204);
    await expectOnlyLaptopLeft('change-pw', ways);
  });

  test('through the account page form as well', async () => {
    const owner = await loginAs(app(), 'change-pw-form', { userAgent: 'Laptop/1.0' });
    expect((await changePassword(owner, { new_password: 'the first password' })).status).toBe(204);
    const ways = await signedInEverywhere('change-pw-form', true);
    const res = await passwordForm(ways.laptop, { current_password: 'the first password', new_password: 'the second password', new_password_confirm: 'the second password' });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/account?saved=password#password']);
    await expectOnlyLaptopLeft('change-pw-form', ways);
  });

  test('a refused change (wrong current password) ends nothing', async () => {
    const owner = await loginAs(app(), 'change-pw-refused', { userAgent: 'Laptop/1.0' });
    expect((await changePassword(owner, { new_password: 'the first password' })).status).toBe(204);
    const ways = await signedInEverywhere('change-pw-refused', true);
    expect((await changePassword(ways.laptop, { current_password: 'not the password', new_password: 'the second password' })).status).toBe(403);
    expect((await me({ cookie: ways.phone.cookie })).status).toBe(200);
    expect((await opds('change-pw-refused', ways.kobo)).status).toBe(200);
  });
});

describe('a first password needs a recent sign-in', () => {
  test('a session signed in over ten minutes ago is refused with 403; a fresh sign-in may', async () => {
    const old = await loginAs(app(), 'stale-session');
    clock.advance(10 * 60_000 + 1000);
    const res = await changePassword(old, { new_password: 'set by a thief' });
    expect([res.status, await res.json()]).toEqual([403, { error: 'forbidden', message: 'Sign in again to set a password' }]);
    const stored = await app().platform.db.selectFrom('app_users').select('password_hash').where('id', '=', old.user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toBeNull();
    // Signing in again (from the same browser) makes a new session, which may.
    const again = await loginAs(app(), 'stale-session', { cookie: old.cookie });
    expect((await changePassword(again, { new_password: 'set by the owner' })).status).toBe(204);
  });

  test('a session nine minutes old may', async () => {
    const recent = await loginAs(app(), 'recent-session');
    clock.advance(9 * 60_000);
    expect((await changePassword(recent, { new_password: 'set in time' })).status).toBe(204);
  });

  test('a Bearer token of an old session is refused the same way', async () => {
    const old = await loginAs(app(), 'stale-bearer');
    clock.advance(11 * 60_000);
    const res = await app().fetch('/api/auth/change-password', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${old.token}` }, body: JSON.stringify({ new_password: 'set by a thief' }) });
    expect(res.status).toBe(403);
  });

  test('a legacy token, which has no session to date, is refused', async () => {
    const owner = await loginAs(app(), 'legacy-setter');
    const res = await changePassword(owner, { new_password: 'set by a thief' }, { cookie: `auth_token=${legacyToken(owner.user.id)}` });
    expect(res.status).toBe(403);
  });

  test('the account page says so in the reader\'s language, in the form, and sets nothing', async () => {
    const old = await loginAs(app(), 'stale-form');
    clock.advance(11 * 60_000);
    for (const locale of ['en', 'pt', 'es', 'fr', 'id'] as const) {
      const res = await passwordForm(old, { new_password: 'set by a thief', new_password_confirm: 'set by a thief' }, { cookie: `${old.cookie}; locale=${locale}` });
      expect(res.status).toBe(403);
      const html = await res.text();
      const message = (catalogues[locale] as Record<string, string>)['account.password.signInAgain'];
      expect(message, locale).toBeTruthy();
      expect(html).toContain('id="password-problem"');
      expect(html, locale).toContain(Bun.escapeHTML(message!));
    }
    const stored = await app().platform.db.selectFrom('app_users').select('password_hash').where('id', '=', old.user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toBeNull();
  });
});
