import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { cookieHeader, DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { createPasswordLink } from '../../src/features/accounts/links/service.ts';
import { issueToken } from '../../src/features/accounts/sessions/tokens.ts';

/** Set-password links: /set-password/{token} (page and form) and POST /api/auth/set-password. */
const SECRET = 'test-secret-that-is-long-enough-0123456789';
const clock = testClock();
let app: TestApp;
let adminId: string;
beforeAll(async () => {
  app = await startTestApp({ seed: false, clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  adminId = (await loginAs(app, 'house-owner', { role: 'admin' })).user.id;
});
afterAll(() => app.close());

const linkFor = async (userId: string) => (await createPasswordLink(app.platform, { userId, createdBy: adminId })).token;
const form = (fields: Record<string, string>, cookie = 'session_id=set-password-browser-0001') => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie, accept: 'text/html' },
  body: new URLSearchParams(fields).toString(),
});
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
const page = (path: string) => app.fetch(path, { headers: { accept: 'text/html' } });
const meStatus = async (headers: Record<string, string>) => (await app.fetch('/api/auth/me', { headers: { accept: 'application/json', ...headers } })).status;
const good = 'a brand new passphrase';

/** An account with two signed-in devices, a legacy token and an app password. */
async function accountWithAccess(username: string) {
  const phone = await loginAs(app, username, { userAgent: 'Phone' });
  const laptop = await loginAs(app, username, { userAgent: 'Laptop' });
  const legacy = issueToken(SECRET, phone.user.id, null);
  const created = await app.fetch('/api/app-passwords', { method: 'POST', headers: { authorization: `Bearer ${phone.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kobo' }) });
  expect(created.status).toBe(201);
  return { phone, laptop, legacy, id: phone.user.id };
}

async function expectLockedOut(access: { phone: Session; laptop: Session; legacy: string }) {
  expect(await meStatus({ cookie: access.phone.cookie })).toBe(401);
  expect(await meStatus({ authorization: `Bearer ${access.laptop.token}` })).toBe(401);
  expect(await meStatus({ authorization: `Bearer ${access.legacy}` })).toBe(401);
}

describe('GET /set-password/{token}', () => {
  test('the form names the account, is never cached and has no Referer beyond the site', async () => {
    const reader = await loginAs(app, 'page-reader');
    const token = await linkFor(reader.user.id);
    const res = await page(`/set-password/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).toContain('Choose a new password');
    expect(html).toContain('For the account page-reader.');
    expect(html).toContain(`action="/set-password/${token}"`);
    expect(html).toContain('autocomplete="new-password"');
  });

  test('unknown 404, replaced or expired 410, each in plain words without the form', async () => {
    const unknown = await page('/set-password/no-such-link-token-0123456789abcdef');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('No set-password link has this address.');

    const reader = await loginAs(app, 'replaced-reader');
    const first = await linkFor(reader.user.id);
    const second = await linkFor(reader.user.id);
    const replaced = await page(`/set-password/${first}`);
    expect(replaced.status).toBe(410);
    const html = await replaced.text();
    expect(html).toContain('This link has expired');
    expect(html).not.toContain('action="/set-password/');
    expect((await page(`/set-password/${second}`)).status).toBe(200);

    clock.advance(72 * 3600_000);
    try {
      expect((await page(`/set-password/${second}`)).status).toBe(410);
    } finally {
      clock.set(new Date());
    }
  });
});

describe('POST /set-password/{token}', () => {
  test('mistakes show the form again with the reason; the link stays', async () => {
    const reader = await loginAs(app, 'bookworm-reader');
    const token = await linkFor(reader.user.id);
    const cases: [Record<string, string>, string][] = [
      [{ password: 'too short', password_confirm: 'too short' }, 'The password needs at least 10 characters.'],
      [{ password: 'qwertyuiop', password_confirm: 'qwertyuiop' }, 'That password is one of the most common ones.'],
      [{ password: 'Bookworm-Reader', password_confirm: 'Bookworm-Reader' }, 'The password must not be your username.'],
      [{ password: good, password_confirm: 'something else' }, 'The two passwords differ.'],
    ];
    for (const [fields, message] of cases) {
      const res = await app.fetch(`/set-password/${token}`, form(fields));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect((await page(`/set-password/${token}`)).status).toBe(200);
  });

  test('the password is set, every other way in ends, and the browser is signed in on a new session', async () => {
    const access = await accountWithAccess('link-reader');
    const token = await linkFor(access.id);
    const res = await app.fetch(`/set-password/${token}`, form({ password: good, password_confirm: good }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookie = cookieHeader(res, 'session_id=set-password-browser-0001');
    expect(await meStatus({ cookie })).toBe(200);
    await expectLockedOut(access);
    const apps = await app.fetch('/api/app-passwords', { headers: { cookie, accept: 'application/json' } });
    expect(await apps.json()).toEqual({ app_passwords: [] });
    const sessions = await app.platform.db.selectFrom('user_sessions').select('id').where('user_id', '=', access.id).execute();
    expect(sessions).toHaveLength(1);
    expect((await app.fetch('/api/auth/login', json({ username: 'link-reader', password: good }))).status).toBe(200);
    const audit = await app.platform.db.selectFrom('admin_audit').select(['action', 'actor_name']).where('target_id', '=', access.id).execute();
    expect(audit).toEqual([{ action: 'user.password_link', actor_name: 'link-reader' }]);

    const again = await app.fetch(`/set-password/${token}`, form({ password: good, password_confirm: good }));
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This link has already been used');
  });
});

describe('POST /api/auth/set-password', () => {
  test('200 with the user and a token like /api/auth/login; the other sessions end', async () => {
    const access = await accountWithAccess('app-resetter');
    const token = await linkFor(access.id);
    const res = await app.fetch('/api/auth/set-password', json({ token, password: good }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown>; token: string };
    expect(body.user).toEqual({ id: access.id, username: 'app-resetter', role: 'user', email: null, avatar_url: null });
    expect(body.token.split('.')).toHaveLength(4);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`auth_token=${body.token};`))).toBe(true);
    expect(await meStatus({ authorization: `Bearer ${body.token}` })).toBe(200);
    await expectLockedOut(access);
  });

  test('refusals: 400 names the rule, 404 unknown, 410 used, replaced or expired', async () => {
    const reader = await loginAs(app, 'api-reader');
    const token = await linkFor(reader.user.id);
    const cases: [unknown, number, { error: string; message: string }][] = [
      [{ token, password: 'short' }, 400, { error: 'invalid_request', message: 'Passwords must be at least 10 characters' }],
      [{ token, password: '1234567890' }, 400, { error: 'invalid_request', message: 'That password is one of the most common ones: choose another' }],
      [{ token: 'no-such-link-token-0123456789abcdef', password: good }, 404, { error: 'not_found', message: 'This set-password link is not valid' }],
    ];
    for (const [body, status, answer] of cases) {
      const res = await app.fetch('/api/auth/set-password', json(body));
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(answer);
    }
    expect((await app.fetch('/api/auth/set-password', json({ token, password: good }))).status).toBe(200);
    const used = await app.fetch('/api/auth/set-password', json({ token, password: `${good}!` }));
    expect(used.status).toBe(410);
    expect(await used.json()).toEqual({ error: 'gone', message: 'This set-password link has already been used' });

    const late = await linkFor(reader.user.id);
    clock.advance(72 * 3600_000 + 1000);
    try {
      const expired = await app.fetch('/api/auth/set-password', json({ token: late, password: good }));
      expect(expired.status).toBe(410);
      expect(await expired.json()).toEqual({ error: 'gone', message: 'This set-password link has expired: ask for a new one' });
    } finally {
      clock.set(new Date());
    }
  });

  test('two uses at once: one sets the password, the other is 410', async () => {
    const reader = await loginAs(app, 'race-reader');
    const token = await linkFor(reader.user.id);
    const results = await Promise.all(['first passphrase', 'second passphrase'].map((password) => app.fetch('/api/auth/set-password', json({ token, password }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    const winner = results.findIndex((r) => r.status === 200);
    const password = ['first passphrase', 'second passphrase'][winner]!;
    expect((await app.fetch('/api/auth/login', json({ username: 'race-reader', password }))).status).toBe(200);
  });
});
