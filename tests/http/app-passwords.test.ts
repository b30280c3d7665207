import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, BASE_URL, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';
import { md5Hex } from '../../src/features/accounts/app-passwords/secrets.ts';
import { APP_PASSWORD_ERRORS, userByAppKey, userByAppPassword } from '../../src/features/accounts/app-passwords/service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

interface Listed {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
type Created = Listed & { password: string };

const api = (session: Session | null, method: string, path: string, body?: unknown) =>
  app.fetch(path, {
    method,
    headers: { accept: 'application/json', origin: TEST_ORIGIN, ...(session ? { cookie: session.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const create = async (session: Session, name: string) => {
  const res = await api(session, 'POST', '/api/app-passwords', { name });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
};
const list = async (session: Session) => {
  const res = await api(session, 'GET', '/api/app-passwords');
  expect(res.status).toBe(200);
  return ((await res.json()) as { app_passwords: Listed[] }).app_passwords;
};
const form = (session: Session | null, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.fetch(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(session ? { cookie: session.cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const accountPage = async (session: Session) => {
  const res = await app.fetch('/account', { headers: { cookie: session.cookie } });
  expect(res.status).toBe(200);
  return res.text();
};
const now = () => new Date();

describe('the app passwords API', () => {
  test('create answers 201 with the password once; the list has the fields and never the password', async () => {
    const reader = await loginAs(app, 'kobo-reader');
    expect(await list(reader)).toEqual([]);
    const created = await create(reader, '  Kobo   Libra  ');
    expect(Object.keys(created).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'password']);
    expect(created.name).toBe('Kobo Libra');
    expect(created.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(created.last_used_at).toBeNull();
    expect(Number.isNaN(Date.parse(created.created_at))).toBe(false);

    const res = await api(reader, 'GET', '/api/app-passwords');
    const text = await res.text();
    expect(text).not.toContain(created.password);
    const listed = (JSON.parse(text) as { app_passwords: Listed[] }).app_passwords;
    expect(listed).toEqual([{ id: created.id, name: 'Kobo Libra', created_at: created.created_at, last_used_at: null }]);
    expect(Object.keys(listed[0]!).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
  });

  test('the password signs in by Basic and by md5 key until revoked, and never after', async () => {
    const reader = await loginAs(app, 'thorium-reader');
    const created = await create(reader, 'Thorium');
    const db = app.platform.db;
    expect(await userByAppPassword(db, 'thorium-reader', created.password, now())).toMatchObject({ id: reader.user.id, username: 'thorium-reader' });
    expect(await userByAppPassword(db, 'THORIUM-READER', created.password, now())).toMatchObject({ id: reader.user.id });
    expect(await userByAppKey(db, 'thorium-reader', md5Hex(created.password), now())).toMatchObject({ id: reader.user.id });
    expect(await userByAppPassword(db, 'kobo-reader', created.password, now())).toBeNull();
    expect(await userByAppPassword(db, 'thorium-reader', 'aaaa-bbbb-cccc-dddd', now())).toBeNull();
    // Using it is seen in the list.
    expect((await list(reader))[0]!.last_used_at).not.toBeNull();

    const revoked = await api(reader, 'DELETE', `/api/app-passwords/${created.id}`);
    expect(revoked.status).toBe(204);
    expect(await revoked.text()).toBe('');
    expect(await userByAppPassword(db, 'thorium-reader', created.password, now())).toBeNull();
    expect(await userByAppKey(db, 'thorium-reader', md5Hex(created.password), now())).toBeNull();
    expect(await list(reader)).toEqual([]);
    // Revoking again is like an unknown id.
    const again = await api(reader, 'DELETE', `/api/app-passwords/${created.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'not_found', message: 'App password not found' });
  });

  test("another reader neither sees nor revokes mine: 404 like an unknown id, and mine still works", async () => {
    const owner = await loginAs(app, 'moon-owner');
    const other = await loginAs(app, 'moon-other');
    const mine = await create(owner, 'Moon+ Reader');
    expect(await list(other)).toEqual([]);
    const foreign = await api(other, 'DELETE', `/api/app-passwords/${mine.id}`);
    const unknown = await api(other, 'DELETE', '/api/app-passwords/AAAAAAAAAAAAAAAA');
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'not_found', message: 'App password not found' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'App password not found' });
    // Nor through the page's revoke form.
    expect((await form(other, `/account/app-passwords/${mine.id}/revoke`, {})).status).toBe(404);
    expect((await list(owner)).map((p) => p.id)).toEqual([mine.id]);
    expect(await userByAppPassword(app.platform.db, 'moon-owner', mine.password, now())).not.toBeNull();
    // Another reader's username with my password is no one.
    expect(await userByAppPassword(app.platform.db, 'moon-other', mine.password, now())).toBeNull();
  });

  test('anonymous callers get 401 on every route', async () => {
    const unauthorized = { error: 'unauthorized', message: 'Sign in to continue' };
    for (const [method, path, body] of [['GET', '/api/app-passwords'], ['POST', '/api/app-passwords', { name: 'x' }], ['DELETE', '/api/app-passwords/AAAAAAAAAAAAAAAA']] as const) {
      const res = await api(null, method, path, body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(unauthorized);
    }
  });

  test('the token works as a Bearer header too', async () => {
    const reader = await loginAs(app, 'bearer-reader');
    const res = await app.fetch('/api/app-passwords', { method: 'POST', headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Script' }) });
    expect(res.status).toBe(201);
    const listed = await app.fetch('/api/app-passwords', { headers: { authorization: `Bearer ${reader.token}` } });
    expect(((await listed.json()) as { app_passwords: Listed[] }).app_passwords.map((p) => p.name)).toEqual(['Script']);
  });

  test('a missing, blank, non-string or too long name is 400 with the exact message', async () => {
    const reader = await loginAs(app, 'name-checker');
    const cases: [unknown, string][] = [
      [{}, APP_PASSWORD_ERRORS.nameMissing],
      [{ name: '' }, APP_PASSWORD_ERRORS.nameMissing],
      [{ name: '   ' }, APP_PASSWORD_ERRORS.nameMissing],
      [{ name: 'x'.repeat(61) }, APP_PASSWORD_ERRORS.nameTooLong],
      [{ name: 'x'.repeat(5000) }, APP_PASSWORD_ERRORS.nameTooLong],
      [{ name: 42 }, APP_PASSWORD_ERRORS.nameTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await api(reader, 'POST', '/api/app-passwords', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message });
    }
    expect(APP_PASSWORD_ERRORS.nameMissing).toBe('name is required');
    expect(APP_PASSWORD_ERRORS.nameTooLong).toBe('name must be at most 60 characters');
    const invalidJson = await api(reader, 'POST', '/api/app-passwords', '{"name":');
    expect(invalidJson.status).toBe(400);
    expect(await invalidJson.json()).toEqual({ error: 'invalid_request', message: 'Invalid JSON body' });
    // 60 characters is allowed.
    expect((await create(reader, 'y'.repeat(60))).name).toBe('y'.repeat(60));
    expect(await list(reader)).toHaveLength(1);
  });

  test('20 active passwords are the most: the 21st is 409 until one is revoked', async () => {
    const reader = await loginAs(app, 'many-devices');
    const made: Created[] = [];
    for (let i = 1; i <= 20; i++) made.push(await create(reader, `Device ${i}`));
    const refused = await api(reader, 'POST', '/api/app-passwords', { name: 'Device 21' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'conflict', message: 'An account can have at most 20 app passwords; revoke one first' });
    const formRefused = await form(reader, '/account/app-passwords', { name: 'Device 21' });
    expect(formRefused.status).toBe(409);
    expect(await formRefused.text()).toContain('You have 20 app passwords, the most an account can have. Revoke one first.');
    expect(await list(reader)).toHaveLength(20);
    expect((await api(reader, 'DELETE', `/api/app-passwords/${made[0]!.id}`)).status).toBe(204);
    expect((await create(reader, 'Device 21')).name).toBe('Device 21');
  });

  test('a cookie write from another site is refused before anything is created', async () => {
    const reader = await loginAs(app, 'csrf-target');
    const evil = { cookie: reader.cookie, 'content-type': 'application/json', accept: 'application/json' };
    const cross = await app.fetch('/api/app-passwords', { method: 'POST', headers: { ...evil, origin: 'https://evil.example' }, body: JSON.stringify({ name: 'Evil' }) });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toEqual({ error: 'forbidden', message: 'Cross-site request refused' });
    const byReferer = await app.fetch('/api/app-passwords', { method: 'POST', headers: { ...evil, referer: 'https://evil.example/page' }, body: JSON.stringify({ name: 'Evil' }) });
    expect(byReferer.status).toBe(403);
    const bySecFetch = await app.fetch('/api/app-passwords', { method: 'POST', headers: { ...evil, 'sec-fetch-site': 'cross-site' }, body: JSON.stringify({ name: 'Evil' }) });
    expect(bySecFetch.status).toBe(403);
    const formCross = await form(reader, '/account/app-passwords', { name: 'Evil' }, { origin: 'https://evil.example' });
    expect(formCross.status).toBe(403);
    expect(await list(reader)).toEqual([]);

    const mine = await create(reader, 'Mine');
    const revokeCross = await app.fetch(`/api/app-passwords/${mine.id}`, { method: 'DELETE', headers: { cookie: reader.cookie, origin: 'https://evil.example' } });
    expect(revokeCross.status).toBe(403);
    const formRevokeCross = await form(reader, `/account/app-passwords/${mine.id}/revoke`, {}, { origin: 'https://evil.example' });
    expect(formRevokeCross.status).toBe(403);
    expect((await list(reader)).map((p) => p.id)).toEqual([mine.id]);
  });
});

describe('the account page section', () => {
  test('empty state, the addresses to paste and the username', async () => {
    const reader = await loginAs(app, 'empty-shelf');
    const html = await accountPage(reader);
    expect(html).toContain('id="app-passwords"');
    expect(html).toContain('E-reader apps');
    expect(html).toContain('signs in with your username, empty-shelf,');
    expect(html).toContain('id="app-passwords-empty"');
    expect(html).toContain(`<code id="app-passwords-opds">${BASE_URL}/opds</code>`);
    expect(html).toContain(`<code id="app-passwords-kosync">${BASE_URL}/kosync</code>`);
    expect(html).toContain('action="/account/app-passwords"');
  });

  test('the list shows name, created and last used, a revoke per row, and never a password', async () => {
    const reader = await loginAs(app, 'list-reader');
    const first = await create(reader, 'Kindle <script>');
    const second = await create(reader, 'Pocketbook');
    await userByAppPassword(app.platform.db, 'list-reader', second.password, now());
    const html = await accountPage(reader);
    expect(html).not.toContain('id="app-passwords-empty"');
    expect(html).toContain('Kindle &lt;script&gt;');
    // Attribute values may hold a bare "<" (harmless there); no element text or tag ever does.
    expect(html).not.toContain('>Kindle <script>');
    expect(html).toContain('Pocketbook');
    expect(html).toContain(`hx-post="/account/app-passwords/${first.id}/revoke"`);
    expect(html).toContain(`action="/account/app-passwords/${second.id}/revoke"`);
    expect(html).toContain('Last used');
    expect(html).toContain('never');
    expect(html).toContain(`datetime="${first.created_at}"`);
    expect(html).toContain('hx-confirm="Revoke the app password “Pocketbook”? Apps using it will be signed out."');
    expect(html).not.toContain(first.password);
    expect(html).not.toContain(second.password);
  });

  // Creating without JavaScript (Post/Redirect/Get) and revoking with htmx: app-password-forms.test.ts.

  test('with htmx the form gets the section alone back', async () => {
    const reader = await loginAs(app, 'htmx-reader');
    const res = await form(reader, '/account/app-passwords', { name: 'Boox' }, { 'hx-request': 'true' });
    expect(res.status).toBe(201);
    const html = await res.text();
    expect(html.startsWith('<section')).toBe(true);
    expect(html).not.toContain('<html');
    expect(html).toContain('id="app-password-created"');
    expect(html).toContain('Boox');
    // A refusal comes back in the section with 200 (htmx swaps only 2xx), the name kept.
    const refused = await form(reader, '/account/app-passwords', { name: 'z'.repeat(61) }, { 'hx-request': 'true' });
    expect(refused.status).toBe(200);
    const again = await refused.text();
    expect(again).toContain('The name can be at most 60 characters.');
    expect(again).not.toContain('id="app-password-created"');
    expect(await list(reader)).toHaveLength(1);
  });

  test('a refused form comes back in place with 400 and the reason; anonymous is sent to sign in', async () => {
    const reader = await loginAs(app, 'form-refused');
    const blank = await form(reader, '/account/app-passwords', { name: '  ' });
    expect(blank.status).toBe(400);
    const html = await blank.text();
    expect(html).toContain('id="app-password-problem"');
    expect(html).toContain('Give the app password a name.');
    expect(await list(reader)).toEqual([]);
    const anonymous = await form(null, '/account/app-passwords', { name: 'x' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/login?return_to=%2Faccount');
  });

  test('revoking without JavaScript: 303 back with a notice, and the password stops working', async () => {
    const reader = await loginAs(app, 'nojs-revoke');
    const created = await create(reader, 'Old Kobo');
    const res = await form(reader, `/account/app-passwords/${created.id}/revoke`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account?saved=app-password-revoked#app-passwords');
    const page = await app.fetch('/account?saved=app-password-revoked', { headers: { cookie: reader.cookie } });
    expect(await page.text()).toContain('The app password is revoked.');
    expect(await userByAppPassword(app.platform.db, 'nojs-revoke', created.password, now())).toBeNull();
    expect(await list(reader)).toEqual([]);
  });

  test('the section is translated', async () => {
    const reader = await loginAs(app, 'leitor-pt');
    const res = await app.fetch('/account', { headers: { cookie: `${reader.cookie}; locale=pt` } });
    const html = await res.text();
    expect(html).toContain('Apps de leitura');
    expect(html).toContain('Nenhuma senha de app ainda.');
  });
});
