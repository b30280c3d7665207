import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, BASE_URL, type TestApp } from '../support/app.ts';
import { cookieHeader } from '../support/auth.ts';
import { completeOidcLogin, startOidcProvider } from '../support/oauth/oidc-server.ts';
import { fetchVia, startFakeGitHub, startFakeGoogle, type FakeGitHub, type FakeGoogle } from '../support/oauth/fake-providers.ts';

let app: TestApp;
let oidc: { issuer: string; stop(): Promise<void> };
let google: FakeGoogle;
let github: FakeGitHub;

beforeAll(async () => {
  [oidc, google, github] = await Promise.all([
    startOidcProvider({ clients: [{ client_id: 'chapterhouse', client_secret: 'oidc-secret', redirect_uris: [`${BASE_URL}/auth/oidc/callback`] }] }),
    startFakeGoogle(),
    startFakeGitHub(),
  ]);
  app = await startTestApp({
    seed: false,
    oauthFetch: fetchVia(google, github),
    env: {
      OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: 'chapterhouse', OIDC_CLIENT_SECRET: 'oidc-secret',
      GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret,
      GITHUB_CLIENT_ID: github.clientId, GITHUB_CLIENT_SECRET: github.clientSecret,
      TRUST_PROXY: '1',
    },
  });
}, 30_000);
afterAll(async () => {
  await app?.close();
  await Promise.allSettled([oidc?.stop(), google?.stop(), github?.stop()]);
});

const pathOf = (url: string) => { const u = new URL(url); return u.pathname + u.search; };

/** The browser's side of a provider login: start, let the provider answer, come back. */
async function signIn(provider: string, answer: (authorizationUrl: string) => Promise<string> | string, options: { returnTo?: string; cookie?: string; ip?: string } = {}) {
  const headers = { cookie: options.cookie ?? '', 'x-forwarded-for': options.ip ?? '198.51.100.1' };
  const start = await app.fetch(`/auth/${provider}?return_to=${encodeURIComponent(options.returnTo ?? '/')}`, { headers });
  expect(start.status).toBe(302);
  const cookie = cookieHeader(start, options.cookie);
  const callback = await answer(start.headers.get('location')!);
  const done = await app.fetch(pathOf(callback), { headers: { ...headers, cookie } });
  return { start, done, cookie: cookieHeader(done, cookie) };
}

async function me(cookie: string) {
  const res = await app.fetch('/api/auth/me', { headers: { cookie, accept: 'application/json' } });
  return res.status === 200 ? ((await res.json()) as { user: { id: string; username: string; email: string | null; avatar_url: string | null } }).user : null;
}

describe('OpenID Connect (a real provider on localhost)', () => {
  test('the whole authorization-code flow with PKCE creates the account and returns to the page', async () => {
    const { start, done, cookie } = await signIn('oidc', (url) => completeOidcLogin(url, 'alice'), { returnTo: '/book/salvage-rights' });
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(new URL(oidc.issuer).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${BASE_URL}/auth/oidc/callback`);
    const state = start.headers.getSetCookie().find((c) => c.startsWith('oauth_state='))!;
    expect(state).toContain('HttpOnly');
    expect(state).toContain('Max-Age=600');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/book/salvage-rights');
    const user = await me(cookie);
    expect(user).toMatchObject({ username: 'alice', email: 'alice@example.test' });
    // Signing in again finds the same account.
    const again = await signIn('oidc', (url) => completeOidcLogin(url, 'alice'));
    expect((await me(again.cookie))!.id).toBe(user!.id);
  });

  test('a missing or mismatched state is 400; an open redirect is refused', async () => {
    const start = await app.fetch('/auth/oidc?return_to=https://evil.example/', { headers: { 'x-forwarded-for': '198.51.100.2' } });
    const cookie = cookieHeader(start);
    const callback = new URL(await completeOidcLogin(start.headers.get('location')!, 'mallory'));
    const missing = await app.fetch(pathOf(callback.toString()), { headers: { 'x-forwarded-for': '198.51.100.2', accept: 'application/json' } });
    expect(missing.status).toBe(400);
    callback.searchParams.set('state', 'forged-state');
    const forged = await app.fetch(pathOf(callback.toString()), { headers: { cookie, 'x-forwarded-for': '198.51.100.2', accept: 'application/json' } });
    expect(forged.status).toBe(400);
    const fresh = await signIn('oidc', (url) => completeOidcLogin(url, 'mallory'), { returnTo: '//evil.example/x' });
    expect(fresh.done.headers.get('location')).toBe('/');
  });

  test('unknown or unconfigured providers are 404', async () => {
    expect((await app.fetch('/auth/facebook', { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  test('the callback is rate limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await app.fetch('/auth/oidc/callback?code=x&state=y', { headers: { 'x-forwarded-for': '198.51.100.99', accept: 'application/json' } })).status;
    expect(last).toBe(429);
  });
});

describe('Google and GitHub (their endpoints answered locally)', () => {
  test('Google: PKCE flow, profile name becomes a valid username, picture shown', async () => {
    google.setNextProfile({ sub: 'g-1', name: 'Grace Hopper', email: 'grace@example.test', email_verified: true, picture: 'https://pics.example/grace.png' });
    const { done, cookie } = await signIn('google', (url) => google.authorize(url));
    expect(done.status).toBe(303);
    expect(await me(cookie)).toMatchObject({ username: 'Grace-Hopper', email: 'grace@example.test', avatar_url: 'https://pics.example/grace.png' });
  });

  test('GitHub with the same verified email links to that account; an unverified one does not', async () => {
    const googleUser = await me((await signIn('google', (url) => (google.setNextProfile({ sub: 'g-2', name: 'Lin', email: 'lin@example.test', email_verified: true }), google.authorize(url)))).cookie);
    github.setNextProfile({ id: 7001, login: 'lin-gh', email: null, emails: [{ email: 'lin@example.test', primary: true, verified: true }] });
    const linked = await me((await signIn('github', (url) => github.authorize(url))).cookie);
    expect(linked!.id).toBe(googleUser!.id);
    github.setNextProfile({ id: 7002, login: 'lin-impostor', email: 'lin@example.test', emails: [{ email: 'lin@example.test', primary: true, verified: false }] });
    const separate = await me((await signIn('github', (url) => github.authorize(url))).cookie);
    expect(separate!.id).not.toBe(googleUser!.id);
    expect(separate!.username).toBe('lin-impostor');
  });

  test('a username already taken gets a suffix', async () => {
    github.setNextProfile({ id: 7100, login: 'alice', email: null, emails: [] });
    expect((await me((await signIn('github', (url) => github.authorize(url))).cookie))!.username).toBe('alice-2');
  });

  test('a refused consent or a failing provider sends the reader back to the sign-in page with a message', async () => {
    const denied = await signIn('google', (url) => google.authorize(url, { error: 'access_denied' }), { returnTo: '/library' });
    expect(denied.done.status).toBe(303);
    expect(denied.done.headers.get('location')).toBe('/login?error=denied&return_to=%2Flibrary');
    const failing = await signIn('github', (url) => github.authorize(url).replace(/code=[^&]+/, 'code=wrong'));
    expect(failing.done.headers.get('location')).toStartWith('/login?error=failed');
    const page = await (await app.fetch('/login?error=denied', { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('You cancelled the sign-in');
    for (const label of ['Google', 'GitHub']) expect(page).toContain(label);
  });
});
