import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { cookieHeader, DEBUG_TOKEN, loginAs, TEST_ORIGIN } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createInvite } from '../../src/features/accounts/links/service.ts';

/** REGISTRATION=closed|invite|open: /api/auth/register, /signup and the link on /login. */
const json = (method: string, body?: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: 'session_id=signup-browser-00000001', accept: 'text/html', ...headers },
  body: new URLSearchParams(fields).toString(),
});
const good = 'my own long passphrase';

test('REGISTRATION takes closed, invite or open; anything else stops the start', () => {
  expect(loadConfig({}).registration).toBe('closed');
  for (const mode of ['closed', 'invite', 'open'] as const) expect(loadConfig({ REGISTRATION: mode }).registration).toBe(mode);
  expect(() => loadConfig({ REGISTRATION: 'sometimes' })).toThrow(ConfigError);
  expect(() => loadConfig({ REGISTRATION: 'sometimes' })).toThrow('Invalid environment variable REGISTRATION: expected one of closed, invite, open, got "sometimes"');
});

describe('REGISTRATION closed (the default) and invite', () => {
  let closed: TestApp;
  let invite: TestApp;
  beforeAll(async () => {
    [closed, invite] = await Promise.all([
      startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } }),
      startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, REGISTRATION: 'invite' } }),
    ]);
    await Promise.all([loginAs(closed, 'owner', { role: 'admin' }), loginAs(invite, 'owner', { role: 'admin' })]);
  });
  afterAll(() => Promise.all([closed?.close(), invite?.close()]));

  test('/api/auth/register is 410 on every method, whatever the body', async () => {
    const answers = [
      [closed, 'Registration is closed: sign in with a login provider or ask an administrator for an account'],
      [invite, 'Registration is by invitation only: ask an administrator for an invite link'],
    ] as const;
    for (const [app, message] of answers) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const res = await app.fetch('/api/auth/register', json(method, method === 'GET' ? undefined : { username: 'someone', password: good }));
        expect(res.status).toBe(410);
        expect(await res.json()).toEqual({ error: 'gone', message });
      }
      expect((await app.fetch('/api/auth/register', json('POST', { nonsense: true }))).status).toBe(410);
    }
    expect(await closed.platform.db.selectFrom('app_users').select('id').where('username', '=', 'someone').executeTakeFirst()).toBeUndefined();
  });

  test('there is no sign-up page and /login does not offer one', async () => {
    for (const app of [closed, invite]) {
      expect((await app.fetch('/signup', { headers: { accept: 'text/html' } })).status).toBe(404);
      expect((await app.fetch('/signup', form({ username: 'someone', password: good, password_confirm: good }))).status).toBe(404);
      expect(await (await app.fetch('/login', { headers: { accept: 'text/html' } })).text()).not.toContain('href="/signup"');
    }
  });

  test('an admin\'s invite is honoured in every mode', async () => {
    for (const app of [closed, invite]) {
      const { token } = await createInvite(app.platform, { createdBy: null });
      const res = await app.fetch('/api/auth/join', json('POST', { token, username: 'invited-reader', password: good }));
      expect(res.status).toBe(201);
    }
  });
});

describe('REGISTRATION=open', () => {
  const clock = testClock(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 10)));
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ seed: false, clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, REGISTRATION: 'open', TRUST_PROXY: '1' } });
    await loginAs(app, 'owner', { role: 'admin' });
  });
  afterAll(() => app.close());
  let address = 0;
  /** Each test signs up from addresses of its own, so the daily allowance is its own too. */
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++address}` });
  const user = (username: string) => app.platform.db.selectFrom('app_users').select(['id', 'role', 'email', 'email_verified', 'password_hash']).where('username', '=', username).executeTakeFirst();

  test('/login links to the sign-up form; the form has username, password twice and an optional email', async () => {
    expect(await (await app.fetch('/login', { headers: { accept: 'text/html' } })).text()).toContain('<a href="/signup">New here? Create an account</a>');
    const res = await app.fetch('/signup', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('Create your account on Chapterhouse');
    expect(html).toContain('action="/signup"');
    for (const name of ['username', 'password', 'password_confirm', 'email']) expect(html).toContain(`name="${name}"`);
    expect(html).toMatch(/name="email" type="email" autocomplete="email"(?![^>]*required)/);
    const es = await app.fetch('/signup', { headers: { accept: 'text/html', 'accept-language': 'es' } });
    expect(await es.text()).toContain('Crea tu cuenta en Chapterhouse');
  });

  test('someone signed in is sent home from /signup', async () => {
    const session = await loginAs(app, 'signed-in-already');
    const res = await app.fetch('/signup', { headers: { accept: 'text/html', cookie: session.cookie } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  test('the form: mistakes come back with the reason and what was typed; success signs in', async () => {
    const headers = from();
    const cases: [Record<string, string>, number, string][] = [
      [{ username: 'a', password: good, password_confirm: good }, 400, 'Choose a username of 2–32 letters, digits, _ or -.'],
      [{ username: 'form-reader', password: 'short', password_confirm: 'short' }, 400, 'The password needs at least 10 characters.'],
      [{ username: 'form-reader', password: good, password_confirm: 'other words' }, 400, 'The two passwords differ.'],
      [{ username: 'form-reader', password: good, password_confirm: good, email: 'not-an-address' }, 400, 'That is not an email address.'],
      [{ username: 'Owner', password: good, password_confirm: good }, 409, 'That username is taken. Choose another one.'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await app.fetch('/signup', form(fields, headers));
      expect(res.status).toBe(status);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${fields.username}"`);
    }
    const res = await app.fetch('/signup', form({ username: 'form-reader', password: good, password_confirm: good, email: ' Form.Reader@Example.test ' }, headers));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const me = await app.fetch('/api/auth/me', { headers: { cookie: cookieHeader(res), accept: 'application/json' } });
    expect(((await me.json()) as { user: unknown }).user).toMatchObject({ username: 'form-reader', role: 'user', email: 'Form.Reader@Example.test' });
    expect(await user('form-reader')).toMatchObject({ role: 'user', email_verified: false });
  });

  test('POST /api/auth/register: 201 signed in like a login; 400 and 409 name the problem; other methods 405', async () => {
    const headers = from();
    const res = await app.fetch('/api/auth/register', json('POST', { username: 'api-reader', password: good, email: 'api-reader@example.test' }, headers));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: Record<string, unknown>; token: string };
    expect(body.user).toMatchObject({ username: 'api-reader', role: 'user', email: 'api-reader@example.test', avatar_url: null });
    expect(body.token.split('.')).toHaveLength(4);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`auth_token=${body.token};`))).toBe(true);
    const sessions = await app.platform.db.selectFrom('user_sessions').select('id').where('user_id', '=', body.user.id as string).execute();
    expect(sessions).toHaveLength(1);
    expect((await app.fetch('/api/auth/register', json('POST', { username: 'no-email', password: good }, headers))).status).toBe(201);
    expect((await app.fetch('/api/auth/register', json('POST', { username: 'null-email', password: good, email: null }, headers))).status).toBe(201);

    const cases: [unknown, number, { error: string; message: string }][] = [
      [{ username: 'x', password: good }, 400, { error: 'invalid_request', message: 'username must be 2-32 letters, digits, _ or -' }],
      [{ username: 'api-reader-2', password: 'qwertyuiop' }, 400, { error: 'invalid_request', message: 'That password is one of the most common ones: choose another' }],
      [{ username: 'api-reader-2', password: 'tiny' }, 400, { error: 'invalid_request', message: 'Passwords must be at least 10 characters' }],
      [{ username: 'api-reader-2', password: good, email: 'nope' }, 400, { error: 'invalid_request', message: 'email must be an email address' }],
      [{ username: 'API-READER', password: good }, 409, { error: 'conflict', message: 'That username is taken' }],
      [{ username: 'api-reader-2', password: good, email: 'API-Reader@example.test' }, 409, { error: 'conflict', message: 'That email address is used by another account' }],
    ];
    for (const [sent, status, answer] of cases) {
      const refused = await app.fetch('/api/auth/register', json('POST', sent, headers));
      expect(refused.status).toBe(status);
      expect(await refused.json()).toEqual(answer);
    }
    const get = await app.fetch('/api/auth/register', json('GET'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ error: 'method_not_allowed', message: 'Use POST to register' });
  });

  test('5 accounts per address a day: refusals do not count, the 6th is 429, another address or the next day may', async () => {
    const headers = from();
    for (let i = 0; i < 3; i++) expect((await app.fetch('/api/auth/register', json('POST', { username: `limited-${i}`, password: 'short' }, headers))).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await app.fetch('/api/auth/register', json('POST', { username: `limited-${i}`, password: good }, headers))).status).toBe(201);
    const sixth = await app.fetch('/api/auth/register', json('POST', { username: 'limited-5', password: good }, headers));
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ error: 'rate_limited', message: 'Too many accounts were made from this address today: try again tomorrow' });
    expect(Number(sixth.headers.get('retry-after'))).toBe(14 * 3600);
    expect(await user('limited-5')).toBeUndefined();
    const page = await app.fetch('/signup', form({ username: 'limited-5', password: good, password_confirm: good }, headers));
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('Too many accounts were made from this address today. Try again tomorrow.');

    expect((await app.fetch('/api/auth/register', json('POST', { username: 'limited-5', password: good }, from()))).status).toBe(201);
    clock.advance(24 * 3600_000);
    try {
      expect((await app.fetch('/api/auth/register', json('POST', { username: 'limited-6', password: good }, headers))).status).toBe(201);
    } finally {
      clock.advance(-24 * 3600_000);
    }
  });

  test('a cross-site sign-up form is refused', async () => {
    const res = await app.fetch('/signup', form({ username: 'cross-site', password: good, password_confirm: good }, { origin: 'http://evil.example' }));
    expect(res.status).toBe(403);
  });
});
