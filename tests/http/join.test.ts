import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { cookieHeader, DEBUG_TOKEN, loginAs, TEST_ORIGIN } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { createInvite } from '../../src/features/accounts/links/service.ts';
import type { Role } from '../../src/platform/db/schema.ts';

/** Invites: /join/{token} (page and form) and POST /api/auth/join, with REGISTRATION unset (closed). */
const clock = testClock();
let app: TestApp;
let adminId: string;
beforeAll(async () => {
  app = await startTestApp({ clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  adminId = (await loginAs(app, 'house-owner', { role: 'admin' })).user.id;
});
afterAll(() => app.close());

const invite = async (role?: Role, expiresInHours?: number) => {
  const issued = await createInvite(app.platform, { role, expiresInHours, createdBy: adminId });
  return issued.token;
};
const form = (fields: Record<string, string>, cookie = 'session_id=join-browser-000000000001') => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie, accept: 'text/html' },
  body: new URLSearchParams(fields).toString(),
});
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
  body: JSON.stringify(body),
});
const page = (path: string, cookie?: string) => app.fetch(path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const me = async (cookie: string) => {
  const res = await app.fetch('/api/auth/me', { headers: { cookie, accept: 'application/json' } });
  return res.status === 200 ? ((await res.json()) as { user: { id: string; username: string; role: string } }).user : null;
};
const user = (username: string) => app.platform.db.selectFrom('app_users').select(['id', 'role', 'password_hash', 'email']).where('username', '=', username).executeTakeFirst();
const good = 'a long enough passphrase';

describe('GET /join/{token}', () => {
  test('the invite page: who invited, a username and a password typed twice, never cached', async () => {
    const token = await invite();
    const res = await page(`/join/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).toContain('You are invited to Chapterhouse');
    expect(html).toContain('house-owner invited you to read and listen here.');
    expect(html).toContain(`action="/join/${token}"`);
    for (const name of ['username', 'password', 'password_confirm']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('At least 10 characters, and not one of the most common passwords.');
    expect(html).toContain('noindex');
    expect(html).not.toContain('Your account will');
    // No login provider is configured here: no "continue with" buttons.
    expect(html).not.toContain('/auth/');
  });

  test('a role other than user is said; the page speaks the reader\'s language', async () => {
    expect(await (await page(`/join/${await invite('pro')}`)).text()).toContain('Your account will have Pro.');
    expect(await (await page(`/join/${await invite('admin')}`)).text()).toContain('Your account will be an administrator of this site.');
    const fr = await app.fetch(`/join/${await invite('pro')}`, { headers: { accept: 'text/html', 'accept-language': 'fr' } });
    const html = await fr.text();
    expect(html).toContain('Vous êtes invité sur Chapterhouse');
    expect(html).toContain('Votre compte aura Pro.');
  });

  test('an unknown link is 404 and an expired one 410, in plain words and without the form', async () => {
    const unknown = await page('/join/no-such-invite-token-0123456789abcdef');
    expect(unknown.status).toBe(404);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain('This link does not work');
    expect(unknownHtml).toContain('No invitation has this address.');
    expect(unknownHtml).not.toContain('action="/join/');
    expect((await page('/join/x')).status).toBe(404);

    const token = await invite('user', 1);
    clock.advance(60 * 60_000 + 1);
    try {
      const expired = await page(`/join/${token}`);
      expect(expired.status).toBe(410);
      const html = await expired.text();
      expect(html).toContain('This link has expired');
      expect(html).toContain('Invitations work for a limited time.');
      expect(html).not.toContain('action="/join/');
    } finally {
      clock.set(new Date());
    }
  });

  test('someone signed in is told so and offered to sign out first, coming back to the invite', async () => {
    const token = await invite();
    const session = await loginAs(app, 'already-here');
    const res = await page(`/join/${token}`, session.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('You are already signed in');
    expect(html).toContain('You are signed in as already-here.');
    expect(html).toContain('action="/logout"');
    expect(html).toContain(`name="return_to" value="/join/${token}"`);
    expect(html).not.toContain(`action="/join/${token}"`);
    const out = await app.fetch('/logout', form({ return_to: `/join/${token}` }, session.cookie));
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(`/join/${token}`);
    expect(await me(session.cookie)).toBeNull();
    // A form posted while signed in does not sign them out: the same page, 409.
    const other = await loginAs(app, 'already-here-2');
    const posted = await app.fetch(`/join/${token}`, form({ username: 'second-self', password: good, password_confirm: good }, other.cookie));
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain('You are already signed in');
    expect(await user('second-self')).toBeUndefined();
  });
});

describe('POST /join/{token}', () => {
  test('mistakes show the form again with the reason and the username kept; nothing is made and the invite stays', async () => {
    const token = await invite();
    const cases: [Record<string, string>, number, string][] = [
      [{ username: 'x', password: good, password_confirm: good }, 400, 'Choose a username of 2–32 letters, digits, _ or -.'],
      [{ username: 'new-reader', password: 'short', password_confirm: 'short' }, 400, 'The password needs at least 10 characters.'],
      [{ username: 'new-reader', password: 'qwertyuiop', password_confirm: 'qwertyuiop' }, 400, 'That password is one of the most common ones. Choose another one.'],
      [{ username: 'new-reader-10', password: 'New-Reader-10', password_confirm: 'New-Reader-10' }, 400, 'The password must not be your username.'],
      [{ username: 'new-reader', password: good, password_confirm: `${good}!` }, 400, 'The two passwords differ. Type the same one twice.'],
      [{ username: 'HOUSE-OWNER', password: good, password_confirm: good }, 409, 'That username is taken. Choose another one.'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await app.fetch(`/join/${token}`, form(fields));
      expect(res.status).toBe(status);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${fields.username}"`);
      expect(html).toContain('aria-invalid="true"');
      expect(html).not.toContain(`value="${fields.password}"`);
    }
    expect(await user('new-reader')).toBeUndefined();
    expect((await page(`/join/${token}`)).status).toBe(200);
  });

  test('joining makes the account with a hashed password, signs in on a new session, merges the anonymous reading and spends the invite', async () => {
    const token = await invite();
    const anon = 'join-anon-reader-000000000042';
    await app.platform.db.insertInto('progress').values({ session_id: anon, slug: 'morning-bread', chapter: 4 }).execute();
    const res = await app.fetch(`/join/${token}`, form({ username: ' fresh-reader ', password: good, password_confirm: good }, `session_id=${anon}`));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const auth = res.headers.getSetCookie().find((c) => c.startsWith('auth_token='))!;
    expect(auth).toContain('HttpOnly');
    const cookie = cookieHeader(res, `session_id=${anon}`);
    const signedIn = await me(cookie);
    expect(signedIn).toMatchObject({ username: 'fresh-reader', role: 'user' });
    const row = (await user('fresh-reader'))!;
    expect(row.password_hash).toStartWith('$argon2id$');
    expect(await Bun.password.verify(good, row.password_hash!)).toBe(true);
    const sessions = await app.platform.db.selectFrom('user_sessions').select('id').where('user_id', '=', row.id).execute();
    expect(sessions).toHaveLength(1);
    const progress = await app.platform.db.selectFrom('progress').select(['user_id', 'chapter']).where('slug', '=', 'morning-bread').where('session_id', '=', anon).execute();
    expect(progress).toEqual([{ user_id: row.id, chapter: 4 }]);
    // The password signs in from now on.
    const login = await app.fetch('/api/auth/login', json({ username: 'fresh-reader', password: good }));
    expect(login.status).toBe(200);
    // Single use.
    const again = await page(`/join/${token}`);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This link has already been used');
    const posted = await app.fetch(`/join/${token}`, form({ username: 'fresh-reader-2', password: good, password_confirm: good }));
    expect(posted.status).toBe(410);
    expect(await user('fresh-reader-2')).toBeUndefined();
    // The admins' log says who joined.
    const audit = await app.platform.db.selectFrom('admin_audit').select(['actor_name', 'action', 'target_name']).where('target_id', '=', row.id).execute();
    expect(audit).toEqual([{ actor_name: 'fresh-reader', action: 'invite.accept', target_name: 'fresh-reader' }]);
  });

  test('a cross-site form is refused', async () => {
    const token = await invite();
    const res = await app.fetch(`/join/${token}`, { ...form({ username: 'cross-site', password: good, password_confirm: good }), headers: { ...form({}).headers, origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
    expect(await user('cross-site')).toBeUndefined();
  });
});

describe('POST /api/auth/join', () => {
  test('201 with the user and a token like /api/auth/login, the cookie set, the invite\'s role given', async () => {
    const token = await invite('pro');
    const res = await app.fetch('/api/auth/join', json({ token, username: 'app-joiner', password: good }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: Record<string, unknown>; token: string };
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toMatchObject({ username: 'app-joiner', role: 'pro', email: null, avatar_url: null });
    expect(body.token.split('.')).toHaveLength(4);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('auth_token='))).toStartWith(`auth_token=${body.token};`);
    const bearer = await app.fetch('/api/auth/me', { headers: { authorization: `Bearer ${body.token}`, accept: 'application/json' } });
    expect(((await bearer.json()) as { user: { role: string } }).user.role).toBe('pro');
  });

  test('an admin invite makes an admin; a plain one a user', async () => {
    const admin = await app.fetch('/api/auth/join', json({ token: await invite('admin'), username: 'co-owner', password: good }));
    expect(((await admin.json()) as { user: { role: string } }).user.role).toBe('admin');
    const plain = await app.fetch('/api/auth/join', json({ token: await invite(), username: 'plain-joiner', password: good }));
    expect(((await plain.json()) as { user: { role: string } }).user.role).toBe('user');
  });

  test('refusals: 400 names the rule, 404 unknown, 409 taken, 410 used or expired', async () => {
    const token = await invite();
    const cases: [unknown, number, { error: string; message: string }][] = [
      [{ token, username: 'ok-name', password: 'too short' }, 400, { error: 'invalid_request', message: 'Passwords must be at least 10 characters' }],
      [{ token, username: 'ok-name', password: 'x'.repeat(257) }, 400, { error: 'invalid_request', message: 'Passwords must be at most 256 characters' }],
      [{ token, username: 'ok-name', password: '1234567890' }, 400, { error: 'invalid_request', message: 'That password is one of the most common ones: choose another' }],
      [{ token, username: 'ok-name-1234', password: 'OK-NAME-1234' }, 400, { error: 'invalid_request', message: 'The password must not be the username' }],
      [{ token, username: 'not ok!', password: good }, 400, { error: 'invalid_request', message: 'username must be 2-32 letters, digits, _ or -' }],
      [{ token, username: 'House-Owner', password: good }, 409, { error: 'conflict', message: 'That username is taken' }],
      [{ token: 'no-such-invite-token-0123456789abcdef', username: 'ok-name', password: good }, 404, { error: 'not_found', message: 'This invitation link is not valid' }],
    ];
    for (const [body, status, answer] of cases) {
      const res = await app.fetch('/api/auth/join', json(body));
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(answer);
    }
    const missing = await app.fetch('/api/auth/join', json({ username: 'ok-name', password: good }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe('token is required');
    expect(await user('ok-name')).toBeUndefined();

    expect((await app.fetch('/api/auth/join', json({ token, username: 'ok-name', password: good }))).status).toBe(201);
    const used = await app.fetch('/api/auth/join', json({ token, username: 'ok-name-2', password: good }));
    expect(used.status).toBe(410);
    expect(await used.json()).toEqual({ error: 'gone', message: 'This invitation has already been used' });

    const short = await invite('user', 2);
    clock.advance(2 * 3600_000);
    try {
      const expired = await app.fetch('/api/auth/join', json({ token: short, username: 'too-late', password: good }));
      expect(expired.status).toBe(410);
      expect(await expired.json()).toEqual({ error: 'gone', message: 'This invitation has expired: ask for a new one' });
      expect(await user('too-late')).toBeUndefined();
    } finally {
      clock.set(new Date());
    }
  });

  test('two uses at once: exactly one account is made, the other is 410', async () => {
    const token = await invite('pro');
    const results = await Promise.all(['racer-one', 'racer-two'].map((username) => app.fetch('/api/auth/join', json({ token, username, password: good }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 410]);
    const loser = results.find((r) => r.status === 410)!;
    expect(await loser.json()).toEqual({ error: 'gone', message: 'This invitation has already been used' });
    const made = await app.platform.db.selectFrom('app_users').select('username').where('username', 'in', ['racer-one', 'racer-two']).execute();
    expect(made).toHaveLength(1);
  });

  test('the same username twice at once: one account, the other 409', async () => {
    const [a, b] = [await invite(), await invite()];
    const results = await Promise.all([a, b].map((token) => app.fetch('/api/auth/join', json({ token, username: 'same-name', password: good }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
