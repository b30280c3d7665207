import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, BASE_URL, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs, type Session } from '../support/auth.ts';
import { fetchVia, startFakeGoogle, type FakeGoogle } from '../support/oauth/fake-providers.ts';
import { safeReturnPath } from '../../src/platform/http/safe-redirect.ts';

/**
 * Every place that sends the browser back to a path it was given (`return_to`) stays on this site:
 * the path is normalised first (dot segments, backslashes, percent-encoded dots) and the result is
 * what is checked, so `/.//evil.example` cannot come out as the protocol-relative `//evil.example`.
 */

/** What a browser would make of these: another host, or a path the URL parser turns into one. */
const HOSTILE = [
  '/.//evil.example/phish',
  '/..//evil.example/phish',
  '/./..//evil.example/phish',
  '/.%2e//evil.example/phish',
  '/%2e//evil.example/phish',
  '/./\\evil.example/phish',
  '/\\evil.example/phish',
  '/\t/evil.example/phish',
  '/\n/evil.example/phish',
  '/\r\n/evil.example/phish',
  '//evil.example/phish',
  '/\\/evil.example/phish',
  'https://evil.example/phish',
  '/%09/evil.example/phish',
  '/%2F/evil.example/phish',
];

/** A Location (or form value) that keeps the browser on this site. */
function expectSameSite(location: string | null, input: string) {
  expect(location, input).not.toBeNull();
  expect(location!.startsWith('/'), `${input} → ${location}`).toBe(true);
  expect(location!.startsWith('//') || location!.startsWith('/\\'), `${input} → ${location}`).toBe(false);
  expect(/[\u0000-\u001f]/.test(location!), `${input} → ${JSON.stringify(location)}`).toBe(false);
  expect(new URL(location!, BASE_URL).origin, `${input} → ${location}`).toBe(new URL(BASE_URL).origin);
}

describe('safeReturnPath', () => {
  test('every hostile path becomes a path on this site', () => {
    for (const input of HOSTILE) expectSameSite(safeReturnPath(input), input);
  });

  test('paths whose normalised form is protocol-relative fall back', () => {
    for (const input of ['/.//evil.example/phish', '/..//evil.example/phish', '/./..//evil.example/phish', '/.%2e//evil.example/phish', '/%2e//evil.example/phish', '/./\\evil.example/phish']) {
      expect(safeReturnPath(input), input).toBe('/');
      expect(safeReturnPath(input, '/library'), input).toBe('/library');
    }
  });

  test('ordinary paths come back normalised, with their query and fragment', () => {
    expect(safeReturnPath('/book/morning-bread?sort=new#comments')).toBe('/book/morning-bread?sort=new#comments');
    expect(safeReturnPath('/a/./b/../c')).toBe('/a/c');
    expect(safeReturnPath('/library?shelf=reading')).toBe('/library?shelf=reading');
    expect(safeReturnPath('/settings#privacy')).toBe('/settings#privacy');
    expect(safeReturnPath('/')).toBe('/');
  });

  test('no string, an empty one, a relative one or an overlong one falls back', () => {
    for (const input of [undefined, null, 42, '', 'book/x', '?x=1', '#top', `/${'a'.repeat(2100)}`]) expect(safeReturnPath(input, '/home')).toBe('/home');
  });
});

let app: TestApp;
let google: FakeGoogle;
let reader: Session;
let address = 0;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  google = await startFakeGoogle();
  app = await startTestApp({
    seed: false,
    oauthFetch: fetchVia(google),
    env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TRUST_PROXY: '1', GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret },
  });
  reader = await loginAs(app, 'redirect-reader');
  await app.platform.db.updateTable('app_users').set({ password_hash: await Bun.password.hash(PASSWORD) }).where('id', '=', reader.user.id).execute();
}, 30_000);
afterAll(async () => {
  await app?.close();
  await google?.stop();
});

const loginPage = (returnTo: string, cookie = '') => app.fetch(`/login?return_to=${encodeURIComponent(returnTo)}`, { headers: { accept: 'text/html', cookie } });
const decodeHtml = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('GET /login', () => {
  test('signed in: 303 to a path on this site, whatever return_to says', async () => {
    for (const input of HOSTILE) {
      const res = await loginPage(input, reader.cookie);
      expect(res.status, input).toBe(303);
      expectSameSite(res.headers.get('location'), input);
    }
  });

  test('the exact report: /.//evil.example/phish does not become //evil.example/phish', async () => {
    const res = await loginPage('/.//evil.example/phish', reader.cookie);
    expect([res.status, res.headers.get('location')]).toEqual([303, '/']);
  });

  test('anonymous: the form and the provider links carry only a path on this site', async () => {
    for (const input of HOSTILE) {
      const html = await (await loginPage(input)).text();
      const hidden = [...html.matchAll(/name="return_to" value="([^"]*)"/g)].map((m) => decodeHtml(m[1]!));
      expect(hidden.length, input).toBeGreaterThan(0);
      for (const value of hidden) expectSameSite(value, input);
      const providerLinks = [...html.matchAll(/href="\/auth\/google\?return_to=([^"]*)"/g)].map((m) => decodeURIComponent(decodeHtml(m[1]!)));
      expect(providerLinks.length, input).toBeGreaterThan(0);
      for (const value of providerLinks) expectSameSite(value, input);
    }
  });
});

describe('after signing in', () => {
  test('the password form (POST /login) answers 303 to a path on this site', async () => {
    for (const input of HOSTILE) {
      const res = await app.fetch('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, 'x-forwarded-for': `10.77.0.${++address}` },
        body: new URLSearchParams({ username: 'redirect-reader', password: PASSWORD, return_to: input }).toString(),
      });
      expect(res.status, input).toBe(303);
      expectSameSite(res.headers.get('location'), input);
    }
  });

  test('a provider sign-in comes back to a path on this site', async () => {
    for (const input of ['/.//evil.example/phish', '/..//evil.example/phish', '/./\\evil.example/phish', '/%2e//evil.example/phish']) {
      const headers = { 'x-forwarded-for': `10.78.0.${++address}` };
      const start = await app.fetch(`/auth/google?return_to=${encodeURIComponent(input)}`, { headers });
      expect(start.status, input).toBe(302);
      const callback = new URL(google.authorize(start.headers.get('location')!));
      const done = await app.fetch(callback.pathname + callback.search, { headers: { ...headers, cookie: cookieHeader(start) } });
      expect(done.status, input).toBe(303);
      expectSameSite(done.headers.get('location'), input);
    }
  });
});
