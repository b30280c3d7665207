import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';
import { accountForProfile } from '../../src/features/accounts/signin/provider-accounts.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TRUST_PROXY: '1' } });
});
afterAll(() => app.close());

const json = (session: Session) => ({ accept: 'application/json', 'content-type': 'application/json', cookie: session.cookie, origin: TEST_ORIGIN });
const post = (session: Session, path: string, body: unknown) => app.fetch(path, { method: 'POST', headers: json(session), body: JSON.stringify(body) });
const form = (cookie: string, path: string, fields: Record<string, string>, origin = TEST_ORIGIN) =>
  app.fetch(path, { method: 'POST', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie, origin }, body: new URLSearchParams(fields).toString() });
const accountPage = async (cookie: string, query = '') => (await app.fetch(`/account${query}`, { headers: { accept: 'text/html', cookie } })).text();
let address = 0;
const login = (username: string, password: string) =>
  app.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${++address}` }, body: JSON.stringify({ username, password }) });

describe('POST /api/auth/change-password', () => {
  test('anonymous callers are 401', async () => {
    const res = await app.fetch('/api/auth/change-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ new_password: 'long enough now' }) });
    expect(res.status).toBe(401);
  });

  test('set one without a current password; then changing needs the current one', async () => {
    const session = await loginAs(app, 'pw-setter');
    const short = await post(session, '/api/auth/change-password', { new_password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: 'invalid_request', message: 'new_password must be at least 8 characters' });
    const long = await post(session, '/api/auth/change-password', { new_password: 'x'.repeat(257) });
    expect(await long.json()).toEqual({ error: 'invalid_request', message: 'new_password must be at most 256 characters' });
    const absent = await post(session, '/api/auth/change-password', {});
    expect(absent.status).toBe(400);
    expect(((await absent.json()) as { message: string }).message).toContain('new_password');

    expect((await post(session, '/api/auth/change-password', { new_password: 'first password' })).status).toBe(204);
    expect((await login('pw-setter', 'first password')).status).toBe(200);
    const stored = await app.platform.db.selectFrom('app_users').select('password_hash').where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toStartWith('$argon2');

    const noCurrent = await post(session, '/api/auth/change-password', { new_password: 'second password' });
    expect(noCurrent.status).toBe(400);
    expect(await noCurrent.json()).toEqual({ error: 'invalid_request', message: 'current_password is required to change a password' });
    const wrong = await post(session, '/api/auth/change-password', { current_password: 'not it at all', new_password: 'second password' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: 'forbidden', message: 'current_password is wrong' });
    expect((await post(session, '/api/auth/change-password', { current_password: 'first password', new_password: 'second password' })).status).toBe(204);
    expect((await login('pw-setter', 'first password')).status).toBe(401);
    expect((await login('pw-setter', 'second password')).status).toBe(200);
  });

  test('guessing the current password is rate limited', async () => {
    const session = await loginAs(app, 'pw-guessed');
    await post(session, '/api/auth/change-password', { new_password: 'the real one' });
    for (let i = 0; i < 10; i++) expect((await post(session, '/api/auth/change-password', { current_password: `guess ${i}`, new_password: 'new password!' })).status).toBe(403);
    const limited = await post(session, '/api/auth/change-password', { current_password: 'the real one', new_password: 'new password!' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toBe('rate_limited');
  });
});

describe('POST /api/auth/change-email', () => {
  test('anonymous 401; invalid 400; another account\'s address 409 (any letter case)', async () => {
    expect((await app.fetch('/api/auth/change-email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.test"}' })).status).toBe(401);
    await loginAs(app, 'email-owner', { email: 'Taken@Example.test' });
    const session = await loginAs(app, 'email-changer', { email: 'old@example.test' });
    for (const bad of ['not an email', '', 'a@', `${'x'.repeat(250)}@example.test`]) {
      const res = await post(session, '/api/auth/change-email', { email: bad });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: 'email must be an email address' });
    }
    const taken = await post(session, '/api/auth/change-email', { email: 'taken@example.TEST' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'conflict', message: 'That email address is used by another account' });
  });

  test('a new address is stored unverified and /api/auth/me keeps its shape', async () => {
    const session = await loginAs(app, 'email-mover', { email: 'mover@example.test' });
    const res = await post(session, '/api/auth/change-email', { email: ' moved@example.test ' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(body.user).toEqual({ id: session.user.id, username: 'email-mover', role: 'user', email: 'moved@example.test', avatar_url: null });
    const row = await app.platform.db.selectFrom('app_users').select(['email', 'email_verified']).where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'moved@example.test', email_verified: false });
    const me = (await (await app.fetch('/api/auth/me', { headers: { cookie: session.cookie } })).json()) as { user: Record<string, unknown> };
    expect(Object.keys(me.user).sort()).toEqual(['avatar_url', 'email', 'id', 'role', 'username']);
    expect(me.user.email).toBe('moved@example.test');
  });

  test('only the letter case changing keeps the verification; an unverified address never links a provider login', async () => {
    const session = await loginAs(app, 'email-caser', { email: 'caser@example.test' });
    await post(session, '/api/auth/change-email', { email: 'Caser@Example.test' });
    const kept = await app.platform.db.selectFrom('app_users').select(['email', 'email_verified']).where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ email: 'Caser@Example.test', email_verified: true });

    // Typing someone's address does not capture their provider login: it makes its own account.
    const squatter = await loginAs(app, 'email-squatter');
    expect((await post(squatter, '/api/auth/change-email', { email: 'victim@example.test' })).status).toBe(200);
    const account = await accountForProfile(app.platform.db, { provider: 'github', providerUserId: 'gh-victim', username: 'victim', email: 'victim@example.test', emailVerified: true, pictureUrl: null });
    expect(account.id).not.toBe(squatter.user.id);
  });
});

describe('the account page forms (no JavaScript)', () => {
  test('anonymous posts go to sign in; a cross-site post is refused', async () => {
    for (const path of ['/account/password', '/account/email']) {
      const res = await form('', path, { email: 'a@b.test', new_password: 'whatever1', new_password_confirm: 'whatever1' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login?return_to=%2Faccount');
    }
    const session = await loginAs(app, 'form-target');
    const res = await form(session.cookie, '/account/password', { new_password: 'hijacked!!', new_password_confirm: 'hijacked!!' }, 'https://evil.example');
    expect(res.status).toBe(403);
    expect((await login('form-target', 'hijacked!!')).status).toBe(401);
  });

  test('set a password, then change it; mistakes come back in the form', async () => {
    const session = await loginAs(app, 'form-pw');
    let html = await accountPage(session.cookie);
    expect(html).toContain('<form method="post" action="/account/password"');
    expect(html).not.toContain('name="current_password"');
    expect(html).toContain('Set password');

    const mismatch = await form(session.cookie, '/account/password', { new_password: 'one password', new_password_confirm: 'another one' });
    expect(mismatch.status).toBe(400);
    html = await mismatch.text();
    expect(html).toContain('The two new passwords are not the same.');
    expect(html).toMatch(/id="password-confirm" name="new_password_confirm"[^>]*aria-invalid="true"/);
    const short = await form(session.cookie, '/account/password', { new_password: 'short', new_password_confirm: 'short' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('The new password needs at least 8 characters.');

    const set = await form(session.cookie, '/account/password', { new_password: 'form password', new_password_confirm: 'form password' });
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe('/account?saved=password-set#password');
    html = await accountPage(session.cookie, '?saved=password-set');
    expect(html).toContain('Your password is set. You can now sign in with your username and password.');
    expect(html).toContain('name="current_password"');
    expect(html).toContain('Change password');
    expect((await login('form-pw', 'form password')).status).toBe(200);

    const wrong = await form(session.cookie, '/account/password', { current_password: 'nope nope', new_password: 'newer password', new_password_confirm: 'newer password' });
    expect(wrong.status).toBe(403);
    html = await wrong.text();
    expect(html).toContain('That is not your current password.');
    expect(html).toMatch(/id="password-current" name="current_password"[^>]*aria-invalid="true"/);
    const changed = await form(session.cookie, '/account/password', { current_password: 'form password', new_password: 'newer password', new_password_confirm: 'newer password' });
    expect(changed.headers.get('location')).toBe('/account?saved=password#password');
    expect((await login('form-pw', 'newer password')).status).toBe(200);
  });

  test('change the email; a taken or invalid one comes back with what was typed', async () => {
    await loginAs(app, 'form-email-owner', { email: 'busy@example.test' });
    const session = await loginAs(app, 'form-email', { email: 'form@example.test' });
    let html = await accountPage(session.cookie);
    expect(html).toContain('Your address is form@example.test.');
    expect(html).toContain('>Verified</span>');
    expect(html).toContain('value="form@example.test"');

    const taken = await form(session.cookie, '/account/email', { email: 'BUSY@example.test' });
    expect(taken.status).toBe(409);
    html = await taken.text();
    expect(html).toContain('Another account already uses that email address.');
    expect(html).toContain('value="BUSY@example.test"');
    const invalid = await form(session.cookie, '/account/email', { email: '"><b>x@y' });
    expect(invalid.status).toBe(400);
    html = await invalid.text();
    expect(html).toContain('Enter an email address, like name@example.com.');
    expect(html).toContain('value="&#34;><b>x@y"');
    expect(html).not.toContain('""><b>');

    const changed = await form(session.cookie, '/account/email', { email: 'new-form@example.test' });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/account?saved=email#email');
    html = await accountPage(session.cookie, '?saved=email');
    expect(html).toContain('Your email address is changed.');
    expect(html).toContain('Your address is new-form@example.test.');
    expect(html).toContain('>Not verified</span>');
  });

  test('a notice is chosen by its code, never taken from the address', async () => {
    const session = await loginAs(app, 'form-notice');
    const html = await accountPage(session.cookie, '?saved=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(html).not.toContain('id="account-notice"');
    expect(html).not.toContain('<script>alert(1)');
  });
});
