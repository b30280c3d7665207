import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE_URL, startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { endCanceledPro } from '../../src/features/billing/service.ts';
import { changeAccount } from '../../src/features/accounts/admin/service.ts';

// A fixed start: the "Pro until" days below are compared with this clock, never with the real one.
const clock = testClock(new Date('2030-06-15T12:00:00Z'));
let app: TestApp;
let root: Session;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TRUST_PROXY: '1' }, clock: clock.now });
  root = await loginAs(app, 'root', { role: 'admin' });
});
afterAll(() => app.close());

type Json = Record<string, any>;
const api = (session: Session | null, method: string, path: string, body?: unknown) =>
  app.fetch(path, {
    method,
    headers: { accept: 'application/json', origin: TEST_ORIGIN, ...(session ? { cookie: session.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
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
  return json(res);
};
let address = 0;
const login = (username: string, password: string) =>
  app.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.0.${++address}` }, body: JSON.stringify({ username, password }) });
const roleOf = async (id: string) => (await app.platform.db.selectFrom('app_users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;
const ZERO = '00000000-0000-4000-8000-000000000000';

describe('only admins', () => {
  test('every endpoint answers 403 "Administrators only" to anonymous, user and pro callers, and changes nothing', async () => {
    const reader = await loginAs(app, 'plain-reader');
    const pro = await loginAs(app, 'pro-reader', { role: 'pro' });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { username: 'sneaky', password: 'a-long-password-1' }],
      ['PATCH', `/api/admin/users/${reader.user.id}`, { role: 'admin' }],
      ['DELETE', `/api/admin/users/${reader.user.id}`],
      ['POST', `/api/admin/users/${reader.user.id}/sign-out`],
      ['POST', `/api/admin/users/${reader.user.id}/password-reset`],
      ['GET', '/api/admin/invites'],
      ['POST', '/api/admin/invites', {}],
      ['DELETE', '/api/admin/invites/0123456789abcdef'],
      ['GET', '/api/admin/audit'],
    ];
    for (const caller of [null, reader, pro]) {
      for (const [method, path, body] of calls) await expectError(await api(caller, method, path, body), 403, 'forbidden', 'Administrators only');
    }
    expect(await roleOf(reader.user.id)).toBe('user');
    expect((await api(reader, 'GET', '/api/auth/me')).status).toBe(200);
    const sneaky = await app.platform.db.selectFrom('app_users').select('id').where('username', '=', 'sneaky').executeTakeFirst();
    expect(sneaky).toBeUndefined();
  });
});

describe('GET /api/admin/users', () => {
  test('a user as the list shows it: role, Pro until, sign-in methods, last seen, sessions', async () => {
    const made = await create({ username: 'Shown-Reader', password: 'shown reader password', email: 'shown@example.test' });
    const id = made.user.id as string;
    expect((await login('shown-reader', 'shown reader password')).status).toBe(200);
    expect((await login('Shown-Reader', 'shown reader password')).status).toBe(200);
    await app.platform.db.insertInto('user_identities').values({ provider: 'github', provider_user_id: 'gh-shown', user_id: id, email: null }).execute();
    const res = await api(root, 'GET', '/api/admin/users?q=shown-READER');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.page).toBe(1);
    expect(body.has_more).toBe(false);
    expect(body.users).toHaveLength(1);
    const user = body.users[0];
    expect(user).toEqual({
      id,
      username: 'Shown-Reader',
      role: 'user',
      email: 'shown@example.test',
      pro_until: null,
      disabled: false,
      sign_in_methods: ['password', 'github'],
      last_seen: expect.any(String),
      sessions: 2,
      created: made.user.created,
    });
    const newest = await app.platform.db.selectFrom('user_sessions').select((eb) => eb.fn.max('last_seen').as('m')).where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(user.last_seen).toBe(new Date(newest.m as Date).toISOString());
    // A new account has not signed in: no methods but the link, no sessions, never seen.
    const fresh = await create({ username: 'never-seen' });
    expect(fresh.user).toMatchObject({ sign_in_methods: [], sessions: 0, last_seen: null });
  });

  test('25 a page, newest first; search by part of the username or email in any case; role filter', async () => {
    for (let i = 0; i < 30; i++) await create({ username: `pager-${String(i).padStart(2, '0')}`, ...(i === 7 ? { email: 'Seventh@Pager.Example' } : {}) });
    const first = await json(await api(root, 'GET', '/api/admin/users?q=pager-'));
    expect(first.users.map((u: Json) => u.username)).toEqual(Array.from({ length: 25 }, (_, i) => `pager-${String(29 - i).padStart(2, '0')}`));
    expect([first.page, first.has_more]).toEqual([1, true]);
    const second = await json(await api(root, 'GET', '/api/admin/users?q=pager-&page=2'));
    expect(second.users.map((u: Json) => u.username)).toEqual(['pager-04', 'pager-03', 'pager-02', 'pager-01', 'pager-00']);
    expect([second.page, second.has_more]).toEqual([2, false]);
    expect(await json(await api(root, 'GET', '/api/admin/users?q=pager-&page=3'))).toEqual({ users: [], page: 3, has_more: false });
    expect((await json(await api(root, 'GET', '/api/admin/users?q=PAGER-1'))).users).toHaveLength(10);
    expect((await json(await api(root, 'GET', '/api/admin/users?q=seventh%40pager'))).users.map((u: Json) => u.username)).toEqual(['pager-07']);
    // LIKE's wildcards are plain characters here.
    expect((await json(await api(root, 'GET', '/api/admin/users?q=pager%25'))).users).toEqual([]);
    expect((await json(await api(root, 'GET', '/api/admin/users?q=pager_0'))).users).toEqual([]);

    await api(root, 'PATCH', `/api/admin/users/${first.users[0].id}`, { role: 'pro' });
    await api(root, 'PATCH', `/api/admin/users/${first.users[1].id}`, { disabled: true });
    const pros = await json(await api(root, 'GET', '/api/admin/users?q=pager-&role=pro'));
    expect(pros.users.map((u: Json) => u.username)).toEqual(['pager-29']);
    const disabled = await json(await api(root, 'GET', '/api/admin/users?q=pager-&role=disabled'));
    expect(disabled.users.map((u: Json) => [u.username, u.disabled])).toEqual([['pager-28', true]]);
    // Without a filter every role is listed.
    expect((await json(await api(root, 'GET', '/api/admin/users?q=pager-2'))).users.map((u: Json) => u.role)).toContain('pro');
    const admins = await json(await api(root, 'GET', '/api/admin/users?role=admin'));
    expect(admins.users.every((u: Json) => u.role === 'admin')).toBe(true);
    expect(admins.users.map((u: Json) => u.username)).toContain('root');
  });

  test('bad parameters are 400 with the field named', async () => {
    await expectError(await api(root, 'GET', '/api/admin/users?role=owner'), 400, 'invalid_request', 'role must be user, pro, admin or disabled');
    await expectError(await api(root, 'GET', '/api/admin/users?page=0'), 400, 'invalid_request', 'page must be a whole number of at least 1');
    await expectError(await api(root, 'GET', `/api/admin/users?q=${'x'.repeat(65)}`), 400, 'invalid_request', 'q must be at most 64 characters');
    expect((await json(await api(root, 'GET', '/api/admin/users?q=a%00b'))).users).toEqual([]);
  });
});

describe('POST /api/admin/users', () => {
  test('with a password: 201, the account signs in with it; no link', async () => {
    const body = await create({ username: 'made-with-pw', password: 'a sturdy password', role: 'pro', email: 'Made@Example.test' });
    expect(Object.keys(body)).toEqual(['user']);
    expect(body.user).toMatchObject({ username: 'made-with-pw', role: 'pro', email: 'Made@Example.test', pro_until: null, disabled: false, sign_in_methods: ['password'], sessions: 0 });
    expect((await login('made-with-pw', 'a sturdy password')).status).toBe(200);
    const row = await app.platform.db.selectFrom('app_users').select(['password_hash', 'email_verified']).where('id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toStartWith('$argon2');
    expect(row.email_verified).toBe(false);
  });

  test('without a password: a one-time set-password link for 72 hours', async () => {
    const body = await create({ username: 'made-with-link', password: '' });
    expect(body.user).toMatchObject({ username: 'made-with-link', role: 'user', email: null, sign_in_methods: [] });
    expect(body.set_password_url).toMatch(new RegExp(`^${BASE_URL}/set-password/[A-Za-z0-9_-]{43}$`));
    expect(body.set_password_expires_at).toBe(new Date(clock.now().getTime() + 72 * 3600_000).toISOString());
    const links = await app.platform.db.selectFrom('account_links').select(['kind', 'user_id', 'used_at']).where('user_id', '=', body.user.id).execute();
    expect(links).toEqual([{ kind: 'password', user_id: body.user.id, used_at: null }]);
    expect((await login('made-with-link', '')).status).not.toBe(200);
  });

  test('refusals: 400 for a bad username, email or password; 409 for a name or address in use (any case)', async () => {
    await create({ username: 'Taken-Name', email: 'taken@example.test' });
    const cases: [Json, number, string][] = [
      [{ username: 'a' }, 400, 'username must be 2 to 32 characters: letters, digits, - and _'],
      [{ username: 'has space' }, 400, 'username must be 2 to 32 characters: letters, digits, - and _'],
      [{ username: 'x'.repeat(33) }, 400, 'username must be 2 to 32 characters: letters, digits, - and _'],
      [{ username: 'taken-NAME' }, 409, 'That username is taken'],
      [{ username: 'fresh-one', email: 'not an address' }, 400, 'email must be an email address'],
      [{ username: 'fresh-one', email: 'TAKEN@example.test' }, 409, 'That email address is used by another account'],
      [{ username: 'fresh-one', password: 'short' }, 400, 'Passwords must be at least 10 characters'],
      [{ username: 'fresh-one', password: 'x'.repeat(257) }, 400, 'Passwords must be at most 256 characters'],
      [{ username: 'fresh-one', password: 'qwertyuiop' }, 400, 'That password is one of the most common ones: choose another'],
      [{ username: 'fresh-one-1', password: 'FRESH-ONE-1' }, 400, 'The password must not be the username'],
      [{ username: 'fresh-one', role: 'owner' }, 400, 'role must be user, pro or admin'],
    ];
    for (const [body, status, message] of cases) await expectError(await api(root, 'POST', '/api/admin/users', body), status, status === 400 ? 'invalid_request' : 'conflict', message);
    await expectError(await api(root, 'POST', '/api/admin/users', {}), 400, 'invalid_request', 'username must be a string');
    const made = await app.platform.db.selectFrom('app_users').select('id').where('username', 'like', 'fresh-one%').execute();
    expect(made).toEqual([]);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  test('role, and a "Pro until" grant that the period-end job ends', async () => {
    const { user } = await create({ username: 'grant-me' });
    const pro = await api(root, 'PATCH', `/api/admin/users/${user.id}`, { role: 'pro' });
    expect(pro.status).toBe(200);
    expect((await json(pro)).user).toEqual({ ...user, role: 'pro' });

    const until = await json(await api(root, 'PATCH', `/api/admin/users/${user.id}`, { pro_until: '2099-12-31' }));
    expect(until.user).toMatchObject({ role: 'pro', pro_until: '2099-12-31T23:59:59.999Z' });
    const job = await app.platform.db.selectFrom('jobs').select(['payload', 'run_at']).where('kind', '=', 'billing.period-end').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(new Date(job.run_at as Date).toISOString()).toBe('2099-12-31T23:59:59.999Z');
    expect(job.payload).toEqual({ userId: user.id });
    // Left out, the end stays while the account stays pro.
    expect((await json(await api(root, 'PATCH', `/api/admin/users/${user.id}`, { role: 'pro' }))).user.pro_until).toBe('2099-12-31T23:59:59.999Z');

    const at = new Date(clock.now().getTime() + 3600_000).toISOString();
    expect((await json(await api(root, 'PATCH', `/api/admin/users/${user.id}`, { pro_until: at }))).user.pro_until).toBe(at);
    expect(await endCanceledPro(app.platform.db, user.id, new Date(clock.now().getTime() + 2 * 3600_000))).toBe(true);
    expect((await json(await api(root, 'GET', '/api/admin/users?q=grant-me'))).users[0]).toMatchObject({ role: 'user', pro_until: null });

    const grant = await json(await api(root, 'PATCH', `/api/admin/users/${user.id}`, { role: 'pro', pro_until: '2099-01-01T12:00:00+02:00' }));
    expect(grant.user).toMatchObject({ role: 'pro', pro_until: '2099-01-01T10:00:00.000Z' });
    expect((await json(await api(root, 'PATCH', `/api/admin/users/${user.id}`, { pro_until: null }))).user).toMatchObject({ role: 'pro', pro_until: null });
    await api(root, 'PATCH', `/api/admin/users/${user.id}`, { pro_until: '2099-12-31' });
    expect((await json(await api(root, 'PATCH', `/api/admin/users/${user.id}`, { role: 'admin' }))).user).toMatchObject({ role: 'admin', pro_until: null });
    await api(root, 'PATCH', `/api/admin/users/${user.id}`, { role: 'user' });
  });

  test('refusals: nothing to change, bad or past pro_until, pro_until without pro, unknown or malformed id', async () => {
    const { user } = await create({ username: 'patch-refusals' });
    const path = `/api/admin/users/${user.id}`;
    const yesterday = new Date(clock.now().getTime() - 86_400_000).toISOString();
    await expectError(await api(root, 'PATCH', path, {}), 400, 'invalid_request', 'Send at least one of role, pro_until and disabled');
    await expectError(await api(root, 'PATCH', path, { pro_until: '2099-12-31' }), 400, 'invalid_request', 'pro_until is only for the pro role: send role "pro" with it');
    await expectError(await api(root, 'PATCH', path, { role: 'pro', pro_until: 'soon' }), 400, 'invalid_request', 'pro_until must be a date, a date and time (ISO 8601) or null');
    await expectError(await api(root, 'PATCH', path, { role: 'pro', pro_until: '2099-02-30' }), 400, 'invalid_request', 'pro_until must be a date, a date and time (ISO 8601) or null');
    await expectError(await api(root, 'PATCH', path, { role: 'pro', pro_until: yesterday }), 400, 'invalid_request', 'pro_until must be in the future');
    await expectError(await api(root, 'PATCH', path, { role: 'boss' }), 400, 'invalid_request', 'role must be user, pro or admin');
    await expectError(await api(root, 'PATCH', path, { disabled: 'yes' }), 400, 'invalid_request', 'disabled must be true or false');
    await expectError(await api(root, 'PATCH', `/api/admin/users/${ZERO}`, { role: 'pro' }), 404, 'not_found', 'User not found');
    await expectError(await api(root, 'PATCH', '/api/admin/users/not-an-id', { role: 'pro' }), 400, 'invalid_request', 'id must be a user id');
    expect(await roleOf(user.id)).toBe('user');
  });
});

describe('the last administrator', () => {
  test('cannot be demoted, disabled or deleted, by themselves or anyone; a disabled admin does not count', async () => {
    const db = app.platform.db;
    await db.updateTable('app_users').set({ role: 'user' }).where('role', '=', 'admin').where('id', '<>', root.user.id).execute();
    const self = `/api/admin/users/${root.user.id}`;
    await expectError(await api(root, 'PATCH', self, { role: 'pro' }), 409, 'conflict', 'The last administrator cannot stop being one: make another account an administrator first');
    await expectError(await api(root, 'PATCH', self, { disabled: true }), 409, 'conflict', 'The last administrator cannot be disabled: make another account an administrator first');
    await expectError(await api(root, 'DELETE', self), 409, 'conflict', 'The last administrator cannot be deleted: make another account an administrator first');

    const deputy = (await create({ username: 'deputy', password: 'deputy password!', role: 'admin' })).user;
    expect((await api(root, 'PATCH', `/api/admin/users/${deputy.id}`, { disabled: true })).status).toBe(200);
    await expectError(await api(root, 'PATCH', self, { role: 'user' }), 409, 'conflict', 'The last administrator cannot stop being one: make another account an administrator first');
    await expectError(await api(root, 'DELETE', self), 409, 'conflict', 'The last administrator cannot be deleted: make another account an administrator first');
    expect((await api(root, 'PATCH', `/api/admin/users/${deputy.id}`, { disabled: false })).status).toBe(200);

    // Two admins demoting each other at once: the account and every admin are locked, so exactly one wins.
    const deps = { db: app.platform.db, cache: app.platform.cache, config: app.platform.config, clock: clock.now, log: app.platform.log };
    const outcomes = await Promise.allSettled([
      changeAccount(deps, root.user, deputy.id, { role: 'user' }),
      changeAccount(deps, { id: deputy.id, username: 'deputy' }, root.user.id, { role: 'user' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((refusal.reason as Error).message).toBe('The last administrator cannot stop being one: make another account an administrator first');
    const admins = await db.selectFrom('app_users').select('username').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    // Root is the admin of the tests that follow.
    await db.updateTable('app_users').set({ role: 'admin' }).where('id', '=', root.user.id).execute();
  });

  test('another admin may demote, disable or delete an admin while one enabled admin stays', async () => {
    const other = (await create({ username: 'second-admin', role: 'admin' })).user;
    expect((await json(await api(root, 'PATCH', `/api/admin/users/${other.id}`, { disabled: true }))).user).toMatchObject({ role: 'admin', disabled: true });
    expect((await json(await api(root, 'PATCH', `/api/admin/users/${other.id}`, { role: 'user', disabled: false }))).user).toMatchObject({ role: 'user', disabled: false });
    expect((await api(root, 'DELETE', `/api/admin/users/${other.id}`)).status).toBe(204);
  });
});
