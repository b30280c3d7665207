import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE_URL, startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';

// A fixed start: the "Pro until" days below are compared with this clock, never with the real one.
const clock = testClock(new Date('2030-06-15T12:00:00Z'));
let app: TestApp;
let root: Session;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN }, clock: clock.now });
  root = await loginAs(app, 'root', { role: 'admin' });
});
afterAll(() => app.close());

const page = (session: Session | null, query = '', headers: Record<string, string> = {}) =>
  app.fetch(`/admin/users${query}`, { headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}), ...headers } });
const form = (session: Session, path: string, fields: Record<string, string>, origin = TEST_ORIGIN) =>
  app.fetch(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie, origin },
    body: new URLSearchParams(fields).toString(),
  });
const account = (username: string) =>
  app.platform.db.selectFrom('app_users').select(['id', 'role', 'pro_until', 'disabled_at']).where('username', '=', username).executeTakeFirst();

describe('the page', () => {
  test('admins get it with every account as a card; everyone else 403', async () => {
    const reader = await loginAs(app, 'card-reader', { email: 'card@example.test' });
    const pro = await loginAs(app, 'card-pro', { role: 'pro' });
    const res = await page(root);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await res.text();
    expect(html).toContain('<h1 id="users-heading">Users</h1>');
    expect(html).toContain(`id="user-${reader.user.id}"`);
    expect(html).toMatch(/<h3 class="user-card__name">card-reader<\/h3>\s*<span class="badge user-card__role user-card__role--user">Reader<\/span>/);
    expect(html).toContain('card@example.test');
    expect(html).toMatch(/<h3 class="user-card__name">card-pro<\/h3>\s*<span class="badge user-card__role user-card__role--pro">Pro<\/span>/);
    expect(html).toContain('<form method="post" action="/admin/users" class="admin-users__form">');
    expect(html).toContain('action="/admin/users/invite"');
    expect(html).toContain(`action="/admin/users/${reader.user.id}/disable"`);
    expect(html).toContain('id="audit-heading"');
    expect(html).toMatch(/<script src="\/assets\/js\/admin-users\.[0-9a-f]+\.js" defer><\/script>/);
    for (const caller of [null, reader, pro]) expect((await page(caller)).status).toBe(403);
  });

  test('in the reader\'s language', async () => {
    const html = await (await page({ ...root, cookie: `${root.cookie}; locale=fr` })).text();
    expect(html).toContain('<h1 id="users-heading">Utilisateurs</h1>');
    expect(html).toContain('Administrateur');
    expect(html).toContain('Créer un compte');
  });

  test('search and filter: with htmx only the list comes back; without, the whole page keeps the search', async () => {
    await loginAs(app, 'needle-one');
    await loginAs(app, 'needle-two', { role: 'pro' });
    const swap = await page(root, '?q=needle&role=pro', { 'hx-request': 'true', 'hx-target': 'users-list' });
    expect(swap.status).toBe(200);
    const fragment = await swap.text();
    expect(fragment).toStartWith('<div id="users-list"');
    expect(fragment).not.toContain('<html');
    expect(fragment).toContain('needle-two');
    expect(fragment).not.toContain('needle-one');
    const full = await (await page(root, '?q=needle&role=pro')).text();
    expect(full).toContain('<html');
    expect(full).toContain('value="needle"');
    expect(full).toMatch(/<option value="pro" selected>Pro<\/option>/);
    expect(full).not.toContain('<h3 class="user-card__name">needle-one</h3>');
    expect(full).toContain('hx-push-url="true"');
  });
});

describe('the forms', () => {
  test('create with a password → 303 and the notice; without → the set-password link once; a mistake comes back in the form', async () => {
    const made = await form(root, '/admin/users', { username: 'form-made', password: 'form made password', role: 'pro', email: '' });
    expect(made.status).toBe(303);
    expect(made.headers.get('location')).toBe('/admin/users?done=created');
    expect(await page(root, '?done=created').then((r) => r.text())).toContain('The account is created.');
    expect(await account('form-made')).toMatchObject({ role: 'pro' });

    const linked = await form(root, '/admin/users', { username: 'form-linked', password: '', role: 'user', email: 'linked@example.test' });
    expect(linked.status).toBe(200);
    const html = await linked.text();
    expect(html).toMatch(new RegExp(`<input id="issued-link-url" class="issued-link__url" type="text" readonly value="${BASE_URL}/set-password/[A-Za-z0-9_-]{43}"`));
    expect(html).toContain('Set-password link for form-linked');
    expect(html).toContain('data-copy-from="issued-link-url"');

    const bad = await form(root, '/admin/users', { username: 'no spaces', password: 'whatever long', role: 'user', email: 'kept@example.test' });
    expect(bad.status).toBe(400);
    const again = await bad.text();
    expect(again).toContain('Usernames are 2 to 32 letters, digits, - or _.');
    expect(again).toContain('value="no spaces"');
    expect(again).toContain('value="kept@example.test"');
    expect(again).not.toContain('whatever long');
    const taken = await form(root, '/admin/users', { username: 'FORM-MADE', password: '', role: 'user' });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain('That username is taken.');
  });

  test('a post from another site is refused and changes nothing', async () => {
    const res = await form(root, '/admin/users', { username: 'cross-site', password: 'cross site password' }, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(await account('cross-site')).toBeUndefined();
  });

  test('role (with a Pro-until day), disable, enable, sign out: 303 back to the same list with a notice', async () => {
    const target = await loginAs(app, 'form-target');
    const base = `/admin/users/${target.user.id}`;
    const role = await form(root, `${base}/role`, { role: 'pro', pro_until: '2099-12-31', back: 'q=form&role=pro&page=2' });
    expect(role.status).toBe(303);
    expect(role.headers.get('location')).toBe('/admin/users?q=form&role=pro&page=2&done=role');
    expect(await account('form-target')).toMatchObject({ role: 'pro', pro_until: new Date('2099-12-31T23:59:59.999Z') });
    // The day shown, sent back unchanged, keeps the grant; another role ignores the day.
    expect((await form(root, `${base}/role`, { role: 'pro', pro_until: '2099-12-31' })).status).toBe(303);
    expect((await form(root, `${base}/role`, { role: 'user', pro_until: '2099-12-31' })).status).toBe(303);
    expect(await account('form-target')).toMatchObject({ role: 'user', pro_until: null });
    const past = await form(root, `${base}/role`, { role: 'pro', pro_until: '2001-01-01' });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain('The “Pro until” date must be in the future.');

    const disabled = await form(root, `${base}/disable`, { back: '' });
    expect(disabled.headers.get('location')).toBe('/admin/users?done=disabled');
    expect((await account('form-target'))!.disabled_at).not.toBeNull();
    expect((await app.fetch('/api/auth/me', { headers: { cookie: target.cookie } })).status).toBe(401);
    expect(await page(root, '?role=disabled').then((r) => r.text())).toContain('<h3 class="user-card__name">form-target</h3>');
    expect((await form(root, `${base}/enable`, {})).headers.get('location')).toBe('/admin/users?done=enabled');
    expect((await account('form-target'))!.disabled_at).toBeNull();

    const again = await loginAs(app, 'form-target');
    const out = await form(root, `${base}/sign-out`, {});
    expect(out.headers.get('location')).toBe('/admin/users?done=signedOut');
    expect((await app.fetch('/api/auth/me', { headers: { cookie: again.cookie } })).status).toBe(401);
  });

  test('password reset and invite show their link once; a pending invite is revoked from the list', async () => {
    const target = await loginAs(app, 'form-reset');
    const reset = await form(root, `/admin/users/${target.user.id}/password-reset`, { back: '' });
    expect(reset.status).toBe(200);
    const resetHtml = await reset.text();
    expect(resetHtml).toContain('Password reset link for form-reset');
    expect(resetHtml).toMatch(new RegExp(`value="${BASE_URL}/set-password/[A-Za-z0-9_-]{43}"`));

    const invite = await form(root, '/admin/users/invite', { role: 'pro', expires_in_hours: '24' });
    expect(invite.status).toBe(200);
    const inviteHtml = await invite.text();
    expect(inviteHtml).toMatch(new RegExp(`value="${BASE_URL}/join/[A-Za-z0-9_-]{43}"`));
    const revokePath = /action="(\/admin\/users\/invites\/[0-9a-f]{16}\/revoke)"/.exec(inviteHtml)![1]!;
    const revoked = await form(root, revokePath, {});
    expect(revoked.headers.get('location')).toBe('/admin/users?done=inviteRevoked');
    expect(await page(root).then((r) => r.text())).not.toContain(revokePath);
    const gone = await form(root, revokePath, {});
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('That invite is no longer pending.');
    const badHours = await form(root, '/admin/users/invite', { role: 'user', expires_in_hours: '9999' });
    expect(badHours.status).toBe(400);
    expect(await badHours.text()).toContain('That did not work. Check the form and try again.');
  });

  test('delete needs the username typed again; the last administrator stays; the audit log tells who did what', async () => {
    const target = await loginAs(app, 'form-doomed');
    const wrong = await form(root, `/admin/users/${target.user.id}/delete`, { confirm: 'form-doome' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Type the username exactly to delete the account.');
    expect(await account('form-doomed')).toBeDefined();
    const deleted = await form(root, `/admin/users/${target.user.id}/delete`, { confirm: ' form-doomed ', back: 'q=form' });
    expect(deleted.headers.get('location')).toBe('/admin/users?q=form&done=deleted');
    expect(await account('form-doomed')).toBeUndefined();

    await app.platform.db.updateTable('app_users').set({ role: 'user' }).where('role', '=', 'admin').where('id', '<>', root.user.id).execute();
    const self = await form(root, `/admin/users/${root.user.id}/disable`, {});
    expect(self.status).toBe(409);
    expect(await self.text()).toContain('The last administrator cannot be disabled: make another account an administrator first.');

    const html = await (await page(root)).text();
    expect(html).toContain('Deleted the account form-doomed');
    expect(html).toContain('Created the account form-made (Pro)');
    expect(html).toContain('Changed the role of form-target from Reader to Pro');
    expect(html).toMatch(/<strong>root<\/strong>/);
  });

  test('joining through an invite and a change of the owner\'s rules read as sentences in the log', async () => {
    const invite = (await (await app.fetch('/api/admin/invites', { method: 'POST', headers: { 'content-type': 'application/json', cookie: root.cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ role: 'pro' }) })).json()) as { url: string };
    const token = new URL(invite.url).pathname.split('/').pop()!;
    const joined = await app.fetch('/api/auth/join', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, username: 'log-joiner', password: 'a long household passphrase' }) });
    expect(joined.status).toBe(201);
    const rules = await app.fetch('/api/admin/settings', { method: 'PUT', headers: { 'content-type': 'application/json', cookie: root.cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ limits_enabled: true }) });
    expect(rules.status).toBe(200);
    const html = await (await page(root)).text();
    expect(html).toContain('log-joiner joined with an invite (Pro)');
    expect(html).toContain('Changed the server&#x27;s rules (limits and Pro features)');
  });
});
