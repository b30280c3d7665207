import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs } from '../support/auth.ts';
import { issueToken } from '../../src/features/accounts/sessions/tokens.ts';

let app: TestApp;
const SECRET = 'test-secret-that-is-long-enough-0123456789';
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ADMIN_USERNAMES: 'root-admin, Boss', TRUST_PROXY: '1' } });
});
afterAll(() => app.close());

const json = { accept: 'application/json', 'content-type': 'application/json' };
const me = (headers: Record<string, string>) => app.fetch('/api/auth/me', { headers: { accept: 'application/json', ...headers } });

describe('account endpoints', () => {
  test('registration is closed with 410 on every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const res = await app.fetch('/api/auth/register', { method, headers: json, body: method === 'GET' ? undefined : '{}' });
      expect(res.status).toBe(410);
      expect(((await res.json()) as { error: string }).error).toBe('gone');
    }
  });

  test('/me is 401 for anonymous callers and has no created field when signed in', async () => {
    const anon = await me({});
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue' });
    const session = await loginAs(app, 'reader-me', { role: 'pro' });
    const res = await me({ cookie: session.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(Object.keys(body.user).sort()).toEqual(['avatar_url', 'email', 'id', 'role', 'username']);
    expect(body.user).toMatchObject({ username: 'reader-me', role: 'pro', avatar_url: null });
  });

  test('the auth cookie is HttpOnly, SameSite=Lax, 30 days; the token also works as a Bearer header', async () => {
    const res = await app.fetch('/api/auth/debug-login', { method: 'POST', headers: json, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'cookie-check' }) });
    const auth = res.headers.getSetCookie().find((c) => c.startsWith('auth_token='))!;
    expect(auth).toContain('HttpOnly');
    expect(auth).toContain('SameSite=Lax');
    expect(auth).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(auth).not.toContain('Secure');
    const { token } = (await res.json()) as { token: string };
    expect((await me({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  test('the debug login: 403 for a wrong token, validation of the username, email and role applied', async () => {
    const wrong = await app.fetch('/api/auth/debug-login', { method: 'POST', headers: json, body: JSON.stringify({ token: 'nope', username: 'x-user' }) });
    expect(wrong.status).toBe(403);
    const bad = await app.fetch('/api/auth/debug-login', { method: 'POST', headers: json, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'no spaces allowed' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('username');
    const ok = await app.fetch('/api/auth/debug-login', { method: 'POST', headers: json, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'mailer', email: 'mailer@example.test', role: 'pro' }) });
    expect(((await ok.json()) as { user: unknown }).user).toMatchObject({ username: 'mailer', email: 'mailer@example.test', role: 'pro' });
    // Signing in again without a role keeps the one the account has.
    const again = await app.fetch('/api/auth/debug-login', { method: 'POST', headers: json, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'mailer' }) });
    expect(((await again.json()) as { user: unknown }).user).toMatchObject({ username: 'mailer', role: 'pro' });
  });

  test('ADMIN_USERNAMES get the admin role at login (case-insensitive)', async () => {
    expect((await loginAs(app, 'boss')).user.role).toBe('admin');
    expect((await loginAs(app, 'root-admin')).user.role).toBe('admin');
    expect((await loginAs(app, 'not-boss')).user.role).toBe('user');
  });

  test('a role change applies on the next request without a new login', async () => {
    const session = await loginAs(app, 'promoted');
    const admin = await loginAs(app, 'root-admin');
    const patch = await app.fetch(`/api/admin/users/${session.user.id}`, { method: 'PATCH', headers: { ...json, cookie: admin.cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ role: 'pro' }) });
    expect(patch.status).toBe(200);
    expect(((await (await me({ cookie: session.cookie })).json()) as { user: { role: string } }).user.role).toBe('pro');
  });
});

describe('passwords', () => {
  test('set a password, log in with it, change it; wrong ones are refused', async () => {
    const session = await loginAs(app, 'pw-user');
    const short = await app.fetch('/api/auth/change-password', { method: 'POST', headers: { ...json, cookie: session.cookie }, body: JSON.stringify({ new_password: 'short' }) });
    expect(short.status).toBe(400);
    const set = await app.fetch('/api/auth/change-password', { method: 'POST', headers: { ...json, cookie: session.cookie }, body: JSON.stringify({ new_password: 'correct horse battery' }) });
    expect(set.status).toBe(204);
    const login = await app.fetch('/api/auth/login', { method: 'POST', headers: { ...json, 'x-forwarded-for': '10.0.0.1' }, body: JSON.stringify({ username: 'PW-User', password: 'correct horse battery' }) });
    expect(login.status).toBe(200);
    const wrongCurrent = await app.fetch('/api/auth/change-password', { method: 'POST', headers: { ...json, cookie: session.cookie }, body: JSON.stringify({ current_password: 'nope', new_password: 'another good one' }) });
    expect(wrongCurrent.status).toBe(403);
    const bad = await app.fetch('/api/auth/login', { method: 'POST', headers: { ...json, 'x-forwarded-for': '10.0.0.1' }, body: JSON.stringify({ username: 'pw-user', password: 'wrong' }) });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: 'unauthorized', message: 'Wrong username or password' });
    const noPassword = await app.fetch('/api/auth/login', { method: 'POST', headers: { ...json, 'x-forwarded-for': '10.0.0.1' }, body: JSON.stringify({ username: 'promoted', password: 'whatever1' }) });
    expect(noPassword.status).toBe(401);
  });

  test('password login is rate limited (429 with Retry-After); the debug login is not', async () => {
    const attempt = () => app.fetch('/api/auth/login', { method: 'POST', headers: { ...json, 'x-forwarded-for': '10.9.9.9' }, body: JSON.stringify({ username: 'victim', password: 'guess-guess' }) });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await app.fetch('/api/auth/login', { method: 'POST', headers: { ...json, 'x-forwarded-for': '10.9.9.10' }, body: JSON.stringify({ username: 'victim', password: 'guess-guess' }) });
    expect(elsewhere.status).toBe(401);
    for (let i = 0; i < 15; i++) await loginAs(app, 'debug-many');
  });
});

describe('tokens', () => {
  test('tampered, expired and wrong-session tokens are anonymous and the dead cookie is cleared', async () => {
    const a = await loginAs(app, 'token-a', { userAgent: 'agent-a' });
    const b = await loginAs(app, 'token-b', { userAgent: 'agent-b' });
    const [userId, expires, sig, sessionId] = a.token.split('.') as [string, string, string, string];
    const tampered = `${userId}.${expires}.${sig.slice(0, -2)}xx.${sessionId}`;
    const res = await me({ cookie: `auth_token=${tampered}` });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('auth_token=;') && c.includes('Max-Age=0'))).toBe(true);
    const expired = issueToken(SECRET, userId, sessionId, Math.floor(Date.now() / 1000) - 5);
    expect((await me({ cookie: `auth_token=${expired}` })).status).toBe(401);
    // A correctly signed token for user A that names user B's session: the session is not A's.
    const bSession = b.token.split('.')[3]!;
    const swapped = issueToken(SECRET, userId, bSession);
    expect((await me({ cookie: `auth_token=${swapped}` })).status).toBe(401);
    // Swapping the segment without re-signing breaks the signature.
    expect((await me({ cookie: `auth_token=${userId}.${expires}.${sig}.${bSession}` })).status).toBe(401);
  });

  test('a legacy three-segment token is still accepted', async () => {
    const session = await loginAs(app, 'legacy-reader');
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const sig = createHmac('sha256', SECRET).update(`${session.user.id}.${expires}`).digest('base64url');
    const res = await me({ cookie: `auth_token=${session.user.id}.${expires}.${sig}` });
    expect(res.status).toBe(200);
  });
});

describe('device sessions', () => {
  test('11 logins from 11 devices keep the 10 most recently seen', async () => {
    const sessions = [];
    for (let i = 0; i < 11; i++) sessions.push(await loginAs(app, 'many-devices', { userAgent: `Device/${i}` }));
    const list = (await (await app.fetch('/api/sessions', { headers: { cookie: sessions[10]!.cookie } })).json()) as { sessions: { id: string; user_agent: string; current: boolean }[] };
    expect(list.sessions).toHaveLength(10);
    expect(list.sessions.map((s) => s.user_agent)).not.toContain('Device/0');
    expect(list.sessions.filter((s) => s.current).map((s) => s.user_agent)).toEqual(['Device/10']);
    expect((await me({ cookie: sessions[0]!.cookie })).status).toBe(401);
  });

  test('signing in again from the same browser replaces its session with a new id; the list has the documented shape', async () => {
    const first = await loginAs(app, 'one-device', { userAgent: 'Same/1.0' });
    const second = await loginAs(app, 'one-device', { userAgent: 'Same/1.0', cookie: first.cookie });
    // A new id every sign-in (no session fixation); the one the browser had ends.
    expect(first.token.split('.')[3]).not.toBe(second.token.split('.')[3]);
    expect((await me({ cookie: first.cookie })).status).toBe(401);
    const res = await app.fetch('/api/sessions', { headers: { cookie: second.cookie, 'x-forwarded-for': '203.0.113.7' } });
    const body = (await res.json()) as { sessions: Record<string, unknown>[] };
    expect(body.sessions).toHaveLength(1);
    expect(Object.keys(body.sessions[0]!).sort()).toEqual(['created', 'current', 'id', 'ip', 'last_seen', 'user_agent']);
    expect(body.sessions[0]).toMatchObject({ id: second.token.split('.')[3], user_agent: 'Same/1.0', current: true });
  });

  test('revoking a device locks it out at once; another user\'s session id is 404', async () => {
    const laptop = await loginAs(app, 'revoker', { userAgent: 'Laptop' });
    const phone = await loginAs(app, 'revoker', { userAgent: 'Phone' });
    const stranger = await loginAs(app, 'stranger');
    expect((await me({ cookie: phone.cookie })).status).toBe(200);
    const phoneId = phone.token.split('.')[3]!;
    const foreign = await app.fetch(`/api/sessions/${phoneId}`, { method: 'DELETE', headers: { cookie: stranger.cookie } });
    expect(foreign.status).toBe(404);
    const del = await app.fetch(`/api/sessions/${phoneId}`, { method: 'DELETE', headers: { cookie: laptop.cookie } });
    expect(del.status).toBe(204);
    expect((await me({ cookie: phone.cookie })).status).toBe(401);
    expect((await me({ authorization: `Bearer ${phone.token}` })).status).toBe(401);
    expect((await me({ cookie: laptop.cookie })).status).toBe(200);
  });

  test('logout revokes the session and clears the cookie', async () => {
    const session = await loginAs(app, 'leaver');
    const res = await app.fetch('/api/auth/logout', { method: 'POST', headers: { cookie: session.cookie, origin: TEST_ORIGIN } });
    expect(res.status).toBe(204);
    expect(cookieHeader(res, session.cookie)).not.toContain('auth_token=');
    expect((await me({ cookie: session.cookie })).status).toBe(401);
  });

  test('a cookie-authenticated write from another origin is refused', async () => {
    const session = await loginAs(app, 'csrf-target');
    const res = await app.fetch('/api/auth/logout', { method: 'POST', headers: { cookie: session.cookie, origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await me({ cookie: session.cookie })).status).toBe(200);
  });
});

describe('anonymous identity', () => {
  test('the first response sets a session_id cookie; X-Session-Id is honoured without one', async () => {
    const first = await app.fetch('/healthz');
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('session_id='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
    const again = await app.fetch('/healthz', { headers: { cookie: cookie.split(';')[0]! } });
    expect(again.headers.getSetCookie().some((c) => c.startsWith('session_id='))).toBe(false);
    const mobile = await app.fetch('/healthz', { headers: { 'x-session-id': 'mobile-device-session-0001' } });
    expect(mobile.headers.getSetCookie().some((c) => c.startsWith('session_id='))).toBe(false);
  });
});
