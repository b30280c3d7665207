import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { cookieHeader, DEBUG_TOKEN, loginAs } from '../support/auth.ts';
import { fetchVia, startFakeGitHub, type FakeGitHub } from '../support/oauth/fake-providers.ts';
import { createInvite } from '../../src/features/accounts/links/service.ts';
import type { Role } from '../../src/platform/db/schema.ts';

/** Joining through a login provider: the invite rides the OAuth round trip in a flow cookie. */
let app: TestApp;
let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
  app = await startTestApp({
    seed: false,
    oauthFetch: fetchVia(github),
    env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret, TRUST_PROXY: '1' },
  });
  await loginAs(app, 'house-owner', { role: 'admin' });
}, 30_000);
afterAll(async () => {
  await app?.close();
  await github?.stop();
});

const invite = async (role?: Role) => (await createInvite(app.platform, { role, createdBy: null })).token;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const headers = (cookie = '') => ({ cookie, 'x-forwarded-for': '198.51.100.7', accept: 'text/html' });
const me = async (cookie: string) => {
  const res = await app.fetch('/api/auth/me', { headers: { cookie, accept: 'application/json' } });
  return res.status === 200 ? ((await res.json()) as { user: { id: string; username: string; role: string } }).user : null;
};
const identityOwner = (providerUserId: string) =>
  app.platform.db.selectFrom('user_identities').select('user_id').where('provider', '=', 'github').where('provider_user_id', '=', providerUserId).executeTakeFirst();

/** Start at /auth/github (with `query`), let the fake GitHub answer, come back to the callback. */
async function roundTrip(query: string, answer: (url: string) => string = (url) => github.authorize(url), between?: () => Promise<void>) {
  const start = await app.fetch(`/auth/github?${query}`, { headers: headers() });
  expect(start.status).toBe(302);
  const cookie = cookieHeader(start);
  const callback = answer(start.headers.get('location')!);
  await between?.();
  const done = await app.fetch(pathOf(callback), { headers: headers(cookie) });
  return { start, done, cookie: cookieHeader(done, cookie) };
}

describe('joining with a provider', () => {
  test('the invite page offers "continue with GitHub" carrying the invite', async () => {
    const token = await invite();
    const html = await (await app.fetch(`/join/${token}`, { headers: headers() })).text();
    expect(html).toContain(`href="/auth/github?invite=${token}"`);
    expect(html).toContain('Continue with GitHub');
  });

  test('the new account gets the invite\'s role, the invite is spent, the person lands signed in', async () => {
    const token = await invite('pro');
    github.setNextProfile({ id: 8101, login: 'octo-joiner', email: null, emails: [{ email: 'octo-joiner@example.test', primary: true, verified: true }] });
    const { start, done, cookie } = await roundTrip(`invite=${token}`);
    const carried = start.headers.getSetCookie().find((c) => c.startsWith('oauth_invite='))!;
    expect(carried).toStartWith(`oauth_invite=${token};`);
    expect(carried).toContain('HttpOnly');
    expect(carried).toContain('Path=/auth/');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/');
    expect(done.headers.getSetCookie().some((c) => /^oauth_invite=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await me(cookie)).toMatchObject({ username: 'octo-joiner', role: 'pro' });
    expect((await app.fetch(`/join/${token}`, { headers: headers() })).status).toBe(410);
    const audit = await app.platform.db.selectFrom('admin_audit').select(['action', 'detail']).where('target_name', '=', 'octo-joiner').execute();
    expect(audit.map((a) => [a.action, typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail])).toEqual([['invite.accept', { role: 'pro', via: 'github' }]]);
  });

  test('a provider login that already has an account signs that account in and leaves the invite unused', async () => {
    github.setNextProfile({ id: 8102, login: 'octo-known', email: null, emails: [] });
    const first = await roundTrip('return_to=%2F');
    const known = (await me(first.cookie))!;
    expect(known.role).toBe('user');
    const token = await invite('admin');
    github.setNextProfile({ id: 8102, login: 'octo-known', email: null, emails: [] });
    const { cookie } = await roundTrip(`invite=${token}`);
    expect(await me(cookie)).toMatchObject({ id: known.id, role: 'user' });
    expect((await app.fetch(`/join/${token}`, { headers: headers() })).status).toBe(200);
  });

  test('an invite used while the person was at the provider makes no account: back to its page', async () => {
    const token = await invite();
    github.setNextProfile({ id: 8103, login: 'octo-late', email: null, emails: [] });
    const { done } = await roundTrip(`invite=${token}`, undefined, async () => {
      const other = await app.fetch('/api/auth/join', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ token, username: 'quicker-reader', password: 'a long enough passphrase' }) });
      expect(other.status).toBe(201);
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/join/${token}`);
    expect(done.headers.getSetCookie().some((c) => c.startsWith('auth_token='))).toBe(false);
    expect(await identityOwner('8103')).toBeUndefined();
    const page = await app.fetch(`/join/${token}`, { headers: headers() });
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This link has already been used');
  });

  test('a dead invite never reaches the provider; a refused consent comes back to the invite with a word', async () => {
    const dead = await app.fetch('/auth/github?invite=no-such-invite-token-0123456789abcdef', { headers: headers() });
    expect(dead.status).toBe(303);
    expect(dead.headers.get('location')).toBe('/join/no-such-invite-token-0123456789abcdef');

    const token = await invite();
    const { done } = await roundTrip(`invite=${token}`, (url) => github.authorize(url, { error: 'access_denied' }));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/join/${token}?error=denied`);
    const html = await (await app.fetch(`/join/${token}?error=denied`, { headers: headers() })).text();
    expect(html).toContain('You cancelled the sign-in.');
    expect(html).toContain(`action="/join/${token}"`);
  });

  test('a sign-in without an invite drops one left by an abandoned join', async () => {
    const token = await invite('admin');
    const abandoned = await app.fetch(`/auth/github?invite=${token}`, { headers: headers() });
    const start = await app.fetch('/auth/github?return_to=%2F', { headers: headers(cookieHeader(abandoned)) });
    expect(start.headers.getSetCookie().some((c) => /^oauth_invite=;.*Max-Age=0/.test(c))).toBe(true);
    github.setNextProfile({ id: 8104, login: 'octo-plain', email: null, emails: [] });
    const cookie = cookieHeader(start, cookieHeader(abandoned));
    const done = await app.fetch(pathOf(github.authorize(start.headers.get('location')!)), { headers: headers(cookie) });
    expect(await me(cookieHeader(done, cookie))).toMatchObject({ username: 'octo-plain', role: 'user' });
    expect((await app.fetch(`/join/${token}`, { headers: headers() })).status).toBe(200);
  });
});

describe('REGISTRATION=invite', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({
      seed: false,
      oauthFetch: fetchVia(github),
      env: { REGISTRATION: 'invite', GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret, TRUST_PROXY: '1' },
    });
  }, 30_000);
  afterAll(() => strict?.close());

  async function strictRoundTrip(query: string) {
    const start = await strict.fetch(`/auth/github?${query}`, { headers: headers() });
    expect(start.status).toBe(302);
    const cookie = cookieHeader(start);
    const done = await strict.fetch(pathOf(github.authorize(start.headers.get('location')!)), { headers: headers(cookie) });
    return { done, cookie: cookieHeader(done, cookie) };
  }
  const accounts = () => strict.platform.db.selectFrom('app_users').select('username').orderBy('username').execute();

  test('a provider login that belongs to no account makes none and is sent to /login with the reason', async () => {
    github.setNextProfile({ id: 8201, login: 'octo-stranger', email: null, emails: [] });
    const { done } = await strictRoundTrip('return_to=%2Flibrary');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/login?error=invite-only&return_to=%2Flibrary');
    expect(done.headers.getSetCookie().some((c) => c.startsWith('auth_token=') && !c.startsWith('auth_token=;'))).toBe(false);
    expect(await accounts()).toEqual([]);
    const page = await (await strict.fetch('/login?error=invite-only', { headers: headers() })).text();
    expect(page).toContain('This server is by invitation: ask its owner for an invite link');
  });

  test('with an invite the same provider login joins, and later signs in without one', async () => {
    const token = (await createInvite(strict.platform, { createdBy: null })).token;
    github.setNextProfile({ id: 8202, login: 'octo-invited', email: null, emails: [] });
    const joined = await strictRoundTrip(`invite=${token}`);
    expect(joined.done.status).toBe(303);
    expect(joined.done.headers.get('location')).toBe('/');
    github.setNextProfile({ id: 8202, login: 'octo-invited', email: null, emails: [] });
    const again = await strictRoundTrip('return_to=%2F');
    expect(again.done.status).toBe(303);
    expect(again.done.headers.get('location')).toBe('/');
    const res = await strict.fetch('/api/auth/me', { headers: { cookie: again.cookie, accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { username: string } }).user.username).toBe('octo-invited');
    expect(await accounts()).toEqual([{ username: 'octo-invited' }]);
  });
});
