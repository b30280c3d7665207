import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { cookieHeader, TEST_ORIGIN } from '../support/auth.ts';

/** A fresh install: /login offers the owner account once, then a password form beside the providers. */
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: 'session_id=owner-setup-browser-0123456789' },
  body: new URLSearchParams(fields).toString(),
});
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });

describe('first run', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('/login offers the owner account while no admin exists', async () => {
    const html = await (await app.fetch('/login')).text();
    expect(html).toContain('Create the owner account');
    expect(html).toContain('action="/login/owner"');
    expect(html).not.toContain('Sign-in is not configured');
    expect(html).not.toContain('action="/login"');
  });

  test('mistakes re-render the form with the reason and the username kept; nothing is created', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ username: 'x', password: 'long enough', password_confirm: 'long enough' }, 'Choose a username of 2–32 letters'],
      [{ username: 'owner', password: 'short', password_confirm: 'short' }, 'The password needs at least 10 characters.'],
      [{ username: 'owner', password: 'password123', password_confirm: 'password123' }, 'That password is one of the most common ones.'],
      [{ username: 'owner', password: 'long enough 1', password_confirm: 'long enough 2' }, 'The two passwords differ.'],
    ];
    for (const [fields, message] of cases) {
      const res = await app.fetch('/login/owner', form(fields));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${fields.username}"`);
    }
    const admins = await app.platform.db.selectFrom('app_users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toEqual([]);
  });

  test('a cross-site owner form is refused', async () => {
    const res = await app.fetch('/login/owner', { ...form({ username: 'intruder', password: 'long enough', password_confirm: 'long enough' }), headers: { ...form({}).headers, origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
  });

  test('the owner is created once, signed in as admin, and sent to the admin home', async () => {
    const res = await app.fetch('/login/owner', form({ username: 'owner', password: 'correct horse', password_confirm: 'correct horse' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin');
    const cookie = cookieHeader(res);
    const me = await app.fetch('/api/auth/me', { headers: { cookie } });
    expect(((await me.json()) as { user: { username: string; role: string } }).user).toMatchObject({ username: 'owner', role: 'admin' });

    const again = await app.fetch('/login/owner', form({ username: 'second', password: 'correct horse', password_confirm: 'correct horse' }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('The owner account already exists.');
    const api = await app.fetch('/api/auth/setup', json({ username: 'second', password: 'correct horse' }));
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ error: 'conflict', message: 'The owner account already exists: sign in instead' });
  });

  test('then /login has the password form; wrong passwords are told, right ones sign in', async () => {
    const html = await (await app.fetch('/login?return_to=%2Flibrary')).text();
    expect(html).not.toContain('Create the owner account');
    expect(html).toContain('action="/login"');
    const wrong = await app.fetch('/login', form({ username: 'owner', password: 'wrong horse', return_to: '/library' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong username or password.');
    const right = await app.fetch('/login', form({ username: 'OWNER', password: 'correct horse', return_to: '/library' }));
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/library');
    expect(right.headers.getSetCookie().some((c) => c.startsWith('auth_token='))).toBe(true);
    // Never to another site.
    const outside = await app.fetch('/login', form({ username: 'owner', password: 'correct horse', return_to: 'https://evil.example/' }));
    expect(outside.headers.get('location')).toBe('/');
  });

  test('public registration stays closed', async () => {
    expect((await app.fetch('/api/auth/register', json({ username: 'a', password: 'b' }))).status).toBe(410);
  });
});

describe('owner set-up through the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ seed: false });
  });
  afterAll(() => app.close());

  test('bad bodies are 400 with the field named', async () => {
    const res = await app.fetch('/api/auth/setup', json({ username: 'ok-name', password: 'short' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Passwords must be at least 10 characters' });
  });

  test('of five concurrent set-ups exactly one wins; the others are 409', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => app.fetch('/api/auth/setup', json({ username: `racer-${i}`, password: 'correct horse' }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 201)!;
    const body = (await winner.json()) as { user: { role: string }; token: string };
    expect(body.user.role).toBe('admin');
    expect(body.token.split('.')).toHaveLength(4);
    const admins = await app.platform.db.selectFrom('app_users').select('username').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });
});
