import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE_URL, startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { userByAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import { usableLink } from '../../src/features/accounts/links/service.ts';
import { recordAudit } from '../../src/features/audit/service.ts';

const clock = testClock();
let app: TestApp;
let root: Session;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TRUST_PROXY: '1' }, clock: clock.now });
  root = await loginAs(app, 'root', { role: 'admin' });
});
afterAll(() => app.close());

type Json = Record<string, any>;
/** A caller signs in by cookie or, given a `bearer`, by its token alone. */
const api = (caller: { cookie?: string; bearer?: string } | null, method: string, path: string, body?: unknown) =>
  app.fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      origin: TEST_ORIGIN,
      ...(caller?.bearer ? { authorization: `Bearer ${caller.bearer}` } : caller?.cookie ? { cookie: caller.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async (res: Response) => (await res.json()) as Json;
const expectError = async (res: Response, status: number, error: string, message: string) => {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ error, message });
};
const create = async (body: Json) => {
  const res = await api(root, 'POST', '/api/admin/users', body);
  expect(res.status).toBe(201);
  return (await json(res)).user as Json;
};
let address = 0;
const login = (username: string, password: string) =>
  app.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.0.${++address}` }, body: JSON.stringify({ username, password }) });
const passwordSession = async (username: string, password: string): Promise<Session & { bearer: string }> => {
  const res = await login(username, password);
  expect(res.status).toBe(200);
  const body = await json(res);
  return { user: body.user, token: body.token, cookie: cookieHeader(res), bearer: body.token };
};
const debugLogin = (username: string) =>
  app.fetch('/api/auth/debug-login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: DEBUG_TOKEN, username }) });
const appPassword = async (session: Session) => {
  const res = await api(session, 'POST', '/api/app-passwords', { name: 'Kobo' });
  expect(res.status).toBe(201);
  return (await json(res)).password as string;
};
const audit = async (query = '') => (await json(await api(root, 'GET', `/api/admin/audit${query}`))).entries as Json[];
const ZERO = '00000000-0000-4000-8000-000000000000';
const DISABLED = { error: 'forbidden', message: 'This account is disabled' };

describe('disabling an account', () => {
  test('its sessions and app passwords end, its tokens are anonymous, every sign-in is refused; enabling lets it in again', async () => {
    const user = await create({ username: 'to-disable', password: 'disable me please' });
    const session = await passwordSession('to-disable', 'disable me please');
    const kobo = await appPassword(session);
    expect(await userByAppPassword(app.platform.db, 'to-disable', kobo, clock.now())).not.toBeNull();

    const res = await api(root, 'PATCH', `/api/admin/users/${user.id}`, { disabled: true });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ id: user.id, disabled: true, sessions: 0 });
    for (const caller of [{ cookie: session.cookie }, { bearer: session.bearer }]) await expectError(await api(caller, 'GET', '/api/auth/me'), 401, 'unauthorized', 'Sign in to continue');
    expect(await userByAppPassword(app.platform.db, 'to-disable', kobo, clock.now())).toBeNull();

    const refused = await login('to-disable', 'disable me please');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(DISABLED);
    expect((await login('to-disable', 'not the password')).status).toBe(401);
    const debug = await debugLogin('to-disable');
    expect(debug.status).toBe(403);
    expect(await debug.json()).toEqual(DISABLED);
    expect(await app.platform.db.selectFrom('user_sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    // Disabling again changes nothing and logs nothing.
    expect((await api(root, 'PATCH', `/api/admin/users/${user.id}`, { disabled: true })).status).toBe(200);
    expect((await audit(`?user=${user.id}`)).map((e) => e.action)).toEqual(['user.disable', 'user.create']);

    const enabled = await api(root, 'PATCH', `/api/admin/users/${user.id}`, { disabled: false });
    expect((await json(enabled)).user).toMatchObject({ disabled: false });
    const again = await passwordSession('to-disable', 'disable me please');
    expect((await api(again, 'GET', '/api/auth/me')).status).toBe(200);
    // What ended stays ended.
    expect(await userByAppPassword(app.platform.db, 'to-disable', kobo, clock.now())).toBeNull();
    const entries = await audit(`?user=${user.id}`);
    expect(entries.map((e) => e.action)).toEqual(['user.enable', 'user.disable', 'user.create']);
    expect(entries[1]).toMatchObject({ actor: { id: root.user.id, username: 'root' }, target: { id: user.id, username: 'to-disable' }, detail: { sessions: 1 }, at: clock.now().toISOString() });
  });
});

describe('POST /api/admin/users/{id}/sign-out', () => {
  test('ends every session and app password of the account, in one go; 404 for an unknown id', async () => {
    await create({ username: 'many-devices', password: 'many devices here' });
    const phone = await passwordSession('many-devices', 'many devices here');
    const laptop = await loginAs(app, 'many-devices', { userAgent: 'laptop/1.0' });
    const kobo = await appPassword(phone);
    const res = await api(root, 'POST', `/api/admin/users/${phone.user.id}/sign-out`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    for (const session of [phone, laptop]) expect((await api(session, 'GET', '/api/auth/me')).status).toBe(401);
    expect(await userByAppPassword(app.platform.db, 'many-devices', kobo, clock.now())).toBeNull();
    expect((await json(await api(root, 'GET', '/api/admin/users?q=many-devices'))).users[0]).toMatchObject({ sessions: 0, disabled: false });
    expect((await audit(`?user=${phone.user.id}`))[0]).toMatchObject({ action: 'user.sign_out', detail: { sessions: 2 } });
    // Not disabled: signing in again works.
    expect((await login('many-devices', 'many devices here')).status).toBe(200);
    await expectError(await api(root, 'POST', `/api/admin/users/${ZERO}/sign-out`), 404, 'not_found', 'User not found');
  });
});

describe('POST /api/admin/users/{id}/password-reset', () => {
  test('a one-time set-password link for 72 hours; an earlier one stops working; nobody is signed out', async () => {
    const reader = await loginAs(app, 'forgetful');
    const first = await api(root, 'POST', `/api/admin/users/${reader.user.id}/password-reset`);
    expect(first.status).toBe(200);
    const one = await json(first);
    expect(Object.keys(one).sort()).toEqual(['expires_at', 'url']);
    expect(one.url).toMatch(new RegExp(`^${BASE_URL}/set-password/[A-Za-z0-9_-]{43}$`));
    expect(one.expires_at).toBe(new Date(clock.now().getTime() + 72 * 3600_000).toISOString());
    const two = await json(await api(root, 'POST', `/api/admin/users/${reader.user.id}/password-reset`));
    const tokenOf = (url: string) => url.split('/').at(-1)!;
    const later = new Date(clock.now().getTime() + 1000);
    expect(await usableLink(app.platform.db, 'password', tokenOf(one.url), later)).toBe('expired');
    expect(await usableLink(app.platform.db, 'password', tokenOf(two.url), later)).toMatchObject({ kind: 'password', userId: reader.user.id });
    expect((await api(reader, 'GET', '/api/auth/me')).status).toBe(200);
    const entry = (await audit(`?user=${reader.user.id}`))[0]!;
    expect(entry).toMatchObject({ action: 'user.password_reset', detail: { expires_at: two.expires_at } });
    expect(JSON.stringify(entry)).not.toContain(tokenOf(two.url));
    await expectError(await api(root, 'POST', `/api/admin/users/${ZERO}/password-reset`), 404, 'not_found', 'User not found');
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  test('deletes the account as its owner would: signed out at once, gone from the list, named in the log', async () => {
    const doomed = await loginAs(app, 'doomed-reader');
    const res = await api(root, 'DELETE', `/api/admin/users/${doomed.user.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await api(doomed, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await json(await api(root, 'GET', '/api/admin/users?q=doomed-reader'))).users).toEqual([]);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'user.delete', actor: { username: 'root' }, target: { id: null, username: 'doomed-reader' }, detail: { role: 'user' } });
    await expectError(await api(root, 'DELETE', `/api/admin/users/${doomed.user.id}`), 404, 'not_found', 'User not found');
  });
});

describe('invites', () => {
  test('make one (role, hours), list the pending ones, revoke one', async () => {
    const made = await api(root, 'POST', '/api/admin/invites', {});
    expect(made.status).toBe(201);
    const plain = await json(made);
    expect(Object.keys(plain).sort()).toEqual(['expires_at', 'id', 'url']);
    expect(plain.id).toMatch(/^[0-9a-f]{16}$/);
    expect(plain.url).toMatch(new RegExp(`^${BASE_URL}/join/[A-Za-z0-9_-]{43}$`));
    expect(plain.expires_at).toBe(new Date(clock.now().getTime() + 168 * 3600_000).toISOString());
    const bodiless = await app.fetch('/api/admin/invites', { method: 'POST', headers: { cookie: root.cookie, origin: TEST_ORIGIN, accept: 'application/json' } });
    expect(bodiless.status).toBe(201);

    const pro = await json(await api(root, 'POST', '/api/admin/invites', { role: 'pro', expires_in_hours: 1 }));
    expect(pro.expires_at).toBe(new Date(clock.now().getTime() + 3600_000).toISOString());
    const token = pro.url.split('/').at(-1)!;
    expect(await usableLink(app.platform.db, 'invite', token, clock.now())).toMatchObject({ kind: 'invite', role: 'pro', userId: null });

    const listed = await json(await api(root, 'GET', '/api/admin/invites'));
    expect(listed.invites.find((i: Json) => i.id === pro.id)).toEqual({ id: pro.id, role: 'pro', created: clock.now().toISOString(), expires_at: pro.expires_at, created_by: 'root' });
    expect(listed.invites.map((i: Json) => i.id)).toContain(plain.id);
    expect(JSON.stringify(listed)).not.toContain(token);

    const revoked = await api(root, 'DELETE', `/api/admin/invites/${pro.id}`);
    expect(revoked.status).toBe(204);
    expect(await usableLink(app.platform.db, 'invite', token, clock.now())).toBe('expired');
    expect((await json(await api(root, 'GET', '/api/admin/invites'))).invites.map((i: Json) => i.id)).not.toContain(pro.id);
    await expectError(await api(root, 'DELETE', `/api/admin/invites/${pro.id}`), 404, 'not_found', 'Invite not found');
    await expectError(await api(root, 'DELETE', '/api/admin/invites/not-an-invite'), 400, 'invalid_request', 'id must be an invite id');
    expect((await audit()).slice(0, 2).map((e) => e.action)).toEqual(['invite.revoke', 'invite.create']);
    expect((await audit())[1]).toMatchObject({ target: null, detail: { id: pro.id, role: 'pro', expires_at: pro.expires_at } });
  });

  test('bad role or hours are 400', async () => {
    const hours = 'expires_in_hours must be a whole number from 1 to 720';
    for (const value of [0, 721, 1.5, 'a day']) await expectError(await api(root, 'POST', '/api/admin/invites', { expires_in_hours: value }), 400, 'invalid_request', hours);
    await expectError(await api(root, 'POST', '/api/admin/invites', { role: 'owner' }), 400, 'invalid_request', 'role must be user, pro or admin');
  });
});

describe('GET /api/admin/audit', () => {
  test('newest first, 50 a page, by account; bad parameters are 400', async () => {
    const subject = await loginAs(app, 'audited');
    for (let i = 0; i < 55; i++) await recordAudit(app.platform.db, { actor: { id: root.user.id, username: 'root' }, action: 'user.role', target: { id: subject.user.id, username: 'audited' }, detail: { n: i }, at: clock.now() });
    const first = await json(await api(root, 'GET', `/api/admin/audit?user=${subject.user.id}`));
    expect(first.entries).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(first.entries.map((e: Json) => e.detail.n)).toEqual(Array.from({ length: 50 }, (_, i) => 54 - i));
    const next = await json(await api(root, 'GET', `/api/admin/audit?user=${subject.user.id}&before=${first.entries.at(-1).id}`));
    expect(next.entries.map((e: Json) => e.detail.n)).toEqual([4, 3, 2, 1, 0]);
    expect(next.has_more).toBe(false);
    await expectError(await api(root, 'GET', '/api/admin/audit?user=someone'), 400, 'invalid_request', 'user must be a user id');
    await expectError(await api(root, 'GET', '/api/admin/audit?before=abc'), 400, 'invalid_request', 'before must be the id of an audit entry');
  });
});
