import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { createGitHubProvider } from '../../src/integrations/oauth/github.ts';
import { createGoogleProvider } from '../../src/integrations/oauth/google.ts';
import { createLoginProviders, type LoginProvider, OAuthError } from '../../src/integrations/oauth/index.ts';
import { createOidcProvider } from '../../src/integrations/oauth/oidc.ts';
import { type FakeGitHub, type FakeGoogle, fetchVia, startFakeGitHub, startFakeGoogle } from '../support/oauth/fake-providers.ts';
import { completeOidcLogin, type OidcServerHandle, startOidcProvider } from '../support/oauth/oidc-server.ts';
import { freePort } from '../support/processes.ts';

const BASE = 'http://localhost:3000';
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const codeOf = (callback: string) => new URL(callback).searchParams.get('code')!;

async function expectOAuthError(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(OAuthError);
  expect((error as Error).message).toMatch(message);
}

function expectStart(url: URL, endpoint: string, provider: string, clientId: string, state: string): void {
  expect(`${url.origin}${url.pathname}`).toBe(endpoint);
  expect(url.searchParams.get('client_id')).toBe(clientId);
  expect(url.searchParams.get('redirect_uri')).toBe(`${BASE}/auth/${provider}/callback`);
  expect(url.searchParams.get('state')).toBe(state);
  expect(url.searchParams.get('response_type')).toBe('code');
}

let google: FakeGoogle;
let github: FakeGitHub;
let oidc: OidcServerHandle;
let closedPort: number;
const oidcClient = { clientId: 'chapterhouse', clientSecret: 'oidc-secret', redirectUri: `${BASE}/auth/oidc/callback` };

beforeAll(async () => {
  [google, github, closedPort] = await Promise.all([startFakeGoogle(), startFakeGitHub(), freePort()]);
  oidc = await startOidcProvider({
    clients: [{ client_id: oidcClient.clientId, client_secret: oidcClient.clientSecret, redirect_uris: [oidcClient.redirectUri] }],
    accounts: { ada: { email: 'ada@corp.test', email_verified: false, name: 'Ada L', preferred_username: 'ada.l', picture: 'https://corp.test/ada.png' } },
  });
});
afterAll(() => Promise.all([google.stop(), github.stop(), oidc.stop()]));

describe('google', () => {
  const client = () => ({ clientId: google.clientId, clientSecret: google.clientSecret, redirectUri: `${BASE}/auth/google/callback` });
  const provider = (): LoginProvider => createGoogleProvider(client(), { endpoints: google.endpoints });

  test('signs in with PKCE and reads the userinfo profile', async () => {
    const { url, codeVerifier } = await provider().start('state-g');
    expectStart(url, google.endpoints.authorizationEndpoint, 'google', google.clientId, 'state-g');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(s256(codeVerifier!));
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    google.setNextProfile({ sub: '42', name: 'Grace Hopper', email: 'grace@example.test', email_verified: false });
    const callback = google.authorize(url);
    expect(new URL(callback).searchParams.get('state')).toBe('state-g');
    expect(await provider().finish(codeOf(callback), codeVerifier)).toEqual({
      provider: 'google',
      providerUserId: '42',
      username: 'Grace Hopper',
      email: 'grace@example.test',
      emailVerified: false,
      pictureUrl: 'https://lh3.googleusercontent.test/a/grace',
    });
  });

  test('a wrong code, a wrong verifier or no verifier is an OAuthError', async () => {
    const { url, codeVerifier } = await provider().start('s');
    await expectOAuthError(provider().finish('not-a-code', codeVerifier), /invalid_grant/);
    await expectOAuthError(provider().finish(codeOf(google.authorize(url)), 'x'.repeat(43)), /invalid_grant/);
    await expectOAuthError(provider().finish(codeOf(google.authorize(url)), null), /verifier/);
  });

  test('provider down, bad JSON, a profile without subject and a hung provider are OAuthErrors', async () => {
    const down = `http://127.0.0.1:${closedPort}`;
    const endpoints = { ...google.endpoints, tokenEndpoint: `${down}/token` };
    await expectOAuthError(createGoogleProvider(client(), { endpoints }).finish('c', 'v'), /unreachable/);
    const garbage = Object.assign(async () => new Response('<html>'), { preconnect: fetch.preconnect });
    await expectOAuthError(createGoogleProvider(client(), { endpoints, fetch: garbage }).finish('c', 'v'), /bad JSON/);
    const { url, codeVerifier } = await provider().start('s');
    google.setNextProfile({ sub: '' });
    await expectOAuthError(provider().finish(codeOf(google.authorize(url)), codeVerifier), /no subject/);
    const hung = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Promise<Response>(() => {}) });
    const slow = { ...google.endpoints, tokenEndpoint: `http://127.0.0.1:${hung.port}/token` };
    await expectOAuthError(createGoogleProvider(client(), { endpoints: slow, timeoutMs: 200 }).finish('c', 'v'), /timed out/);
    await hung.stop(true);
  });
});

describe('github', () => {
  const client = () => ({ clientId: github.clientId, clientSecret: github.clientSecret, redirectUri: `${BASE}/auth/github/callback` });
  const provider = (): LoginProvider => createGitHubProvider(client(), { endpoints: github.endpoints });

  test('signs in without PKCE and takes the verified primary email', async () => {
    const { url, codeVerifier } = await provider().start('state-h');
    expectStart(url, github.endpoints.authorizationEndpoint, 'github', github.clientId, 'state-h');
    expect(codeVerifier).toBeNull();
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(url.searchParams.get('scope')).toBe('read:user user:email');
    expect(await provider().finish(codeOf(github.authorize(url)), null)).toEqual({
      provider: 'github',
      providerUserId: '583231',
      username: 'octo-reader',
      email: 'octo@example.test',
      emailVerified: true,
      pictureUrl: 'https://avatars.githubusercontent.test/u/583231',
    });
  });

  test('an unverified primary email is reported as such', async () => {
    const { url } = await provider().start('s');
    github.setNextProfile({ id: 7, login: 'newbie', email: 'pub@example.test', emails: [{ email: 'pub@example.test', primary: true, verified: false }] });
    const profile = await provider().finish(codeOf(github.authorize(url)), null);
    expect(profile).toMatchObject({ providerUserId: '7', username: 'newbie', email: 'pub@example.test', emailVerified: false });
  });

  test('a wrong code or an unreachable provider is an OAuthError', async () => {
    await expectOAuthError(provider().finish('not-a-code', null), /bad_verification_code/);
    const endpoints = { ...github.endpoints, tokenEndpoint: `http://127.0.0.1:${closedPort}/token` };
    await expectOAuthError(createGitHubProvider(client(), { endpoints }).finish('c', null), /unreachable/);
  });
});

describe('oidc (oidc-provider, real discovery)', () => {
  const provider = (): LoginProvider => createOidcProvider({ ...oidcClient, issuer: oidc.issuer });

  test('signs a known account in through the login and consent pages', async () => {
    const sso = provider();
    expect(sso.label).toBe('Single sign-on');
    const { url, codeVerifier } = await sso.start('state-o');
    expectStart(url, `${oidc.issuer}/auth`, 'oidc', oidcClient.clientId, 'state-o');
    expect(url.searchParams.get('code_challenge')).toBe(s256(codeVerifier!));
    const callback = await completeOidcLogin(url.toString(), 'ada');
    expect(callback.startsWith(`${oidcClient.redirectUri}?`)).toBe(true);
    expect(new URL(callback).searchParams.get('state')).toBe('state-o');
    expect(await sso.finish(codeOf(callback), codeVerifier)).toEqual({
      provider: 'oidc',
      providerUserId: 'ada',
      username: 'ada.l',
      email: 'ada@corp.test',
      emailVerified: false,
      pictureUrl: 'https://corp.test/ada.png',
    });
  });

  test('any other login gets a verified example.test address', async () => {
    const { url, codeVerifier } = await provider().start('s');
    const profile = await provider().finish(codeOf(await completeOidcLogin(url.toString(), 'bob')), codeVerifier);
    expect(profile).toMatchObject({ providerUserId: 'bob', username: 'bob', email: 'bob@example.test', emailVerified: true });
  });

  test('a wrong verifier or code is an OAuthError', async () => {
    const { url } = await provider().start('s');
    const code = codeOf(await completeOidcLogin(url.toString(), 'carol'));
    await expectOAuthError(provider().finish(code, 'y'.repeat(43)), /invalid_grant/);
    await expectOAuthError(provider().finish('not-a-code', 'y'.repeat(43)), /invalid_grant/);
  });

  test('discovery failures are OAuthErrors and are not cached', async () => {
    const down = createOidcProvider({ ...oidcClient, issuer: `http://127.0.0.1:${closedPort}` });
    await expectOAuthError(down.start('s'), /oidc discovery: provider unreachable/);
    let calls = 0;
    const flaky = Object.assign((input: string | URL | Request, init?: RequestInit) => {
      if (++calls === 1) return Promise.reject(new TypeError('connection reset'));
      return fetch(input, init);
    }, { preconnect: fetch.preconnect });
    const sso = createOidcProvider({ ...oidcClient, issuer: oidc.issuer }, { fetch: flaky });
    await expectOAuthError(sso.start('s'), /unreachable/);
    await sso.start('s');
    await sso.start('s');
    expect(calls).toBe(2);
  });
});

describe('createLoginProviders', () => {
  test('only configured providers appear', async () => {
    expect((await createLoginProviders({ baseUrl: BASE })).size).toBe(0);
    const some = await createLoginProviders({ baseUrl: `${BASE}/`, github: { clientId: 'id', clientSecret: 'secret' } });
    expect([...some.keys()]).toEqual(['github']);
    const { url } = await some.get('github')!.start('s');
    expect(url.origin).toBe('https://github.com');
    expect(url.searchParams.get('redirect_uri')).toBe(`${BASE}/auth/github/callback`);
  });

  test('all three sign in end to end; fetchVia routes the real Google and GitHub hosts to the fakes', async () => {
    const providers = await createLoginProviders({
      baseUrl: BASE,
      google: { clientId: google.clientId, clientSecret: google.clientSecret },
      github: { clientId: github.clientId, clientSecret: github.clientSecret },
      oidc: { issuer: oidc.issuer, clientId: oidcClient.clientId, clientSecret: oidcClient.clientSecret },
      fetch: fetchVia(google, github),
    });
    expect([...providers.keys()].sort()).toEqual(['github', 'google', 'oidc']);
    const signIn = async (provider: LoginProvider) => {
      const { url, codeVerifier } = await provider.start('s');
      const callback =
        provider.name === 'oidc' ? await completeOidcLogin(url.toString(), 'dave')
        : provider.name === 'google' ? google.authorize(url)
        : github.authorize(url);
      return (await provider.finish(codeOf(callback), codeVerifier)).username;
    };
    expect(await Promise.all([...providers.values()].map(signIn))).toEqual(['Grace Reader', 'octo-reader', 'dave']);
    await expectOAuthError(providers.get('google')!.finish('nope', 'v'), /invalid_grant/);
  });
});
