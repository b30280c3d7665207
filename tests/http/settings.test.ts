import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs } from '../support/auth.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';
import { createHandler } from '../../src/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const DEFAULTS = { auto_next: true, voice: 'espeak-en-us', speed: 1, theme: 'amber', locale: 'en', font_family: 'system', font_size: 1 };
const json = { accept: 'application/json', 'content-type': 'application/json' };
let counter = 0;
/** A fresh anonymous reader (the mobile client's header). */
const anon = () => ({ 'x-session-id': `settings-anon-${String(++counter).padStart(6, '0')}` });

const get = (headers: Record<string, string>) => app.fetch('/api/settings', { headers: { accept: 'application/json', ...headers } });
const put = (headers: Record<string, string>, body: unknown) =>
  app.fetch('/api/settings', { method: 'PUT', headers: { ...json, origin: TEST_ORIGIN, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const rowsFor = (sessionId: string) => app.platform.db.selectFrom('user_settings').selectAll().where('session_id', '=', sessionId).execute();

describe('GET /api/settings', () => {
  test('answers exactly the seven fields with their defaults when nothing is stored', async () => {
    const res = await get(anon());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual(DEFAULTS);
    expect(Object.keys(body).sort()).toEqual(['auto_next', 'font_family', 'font_size', 'locale', 'speed', 'theme', 'voice']);
  });

  test('a stored font_size of 0 (or none) reads as 1.0', async () => {
    const who = anon();
    await app.platform.db.insertInto('user_settings').values({ session_id: who['x-session-id'], font_size: 0, theme: 'rose' }).execute();
    expect(await (await get(who)).json()).toEqual({ ...DEFAULTS, theme: 'rose', font_size: 1 });
  });
});

describe('PUT /api/settings', () => {
  test('takes a subset, answers the full settings, and keeps earlier choices', async () => {
    const who = anon();
    const first = await put(who, { theme: 'light', speed: 1.5 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ...DEFAULTS, theme: 'light', speed: 1.5 });
    const second = await put(who, { font_size: 1.1, auto_next: true, voice: 'espeak-en-gb', locale: 'pt', font_family: 'mono' });
    const all = { auto_next: true, voice: 'espeak-en-gb', speed: 1.5, theme: 'light', locale: 'pt', font_family: 'mono', font_size: 1.1 };
    expect(await second.json()).toEqual(all);
    expect(await (await get(who)).json()).toEqual(all);
    expect(await rowsFor(who['x-session-id'])).toHaveLength(1);
  });

  test('the range ends are accepted', async () => {
    const who = anon();
    expect(await (await put(who, { speed: 0.5, font_size: 3 })).json()).toMatchObject({ speed: 0.5, font_size: 3 });
    expect(await (await put(who, { speed: 3, font_size: 0.5 })).json()).toMatchObject({ speed: 3, font_size: 0.5 });
  });

  test('an empty object changes nothing and stores nothing', async () => {
    const who = anon();
    const res = await put(who, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(DEFAULTS);
    expect(await rowsFor(who['x-session-id'])).toHaveLength(0);
  });

  const invalid: Array<[string, unknown]> = [
    ['font_size', 0],
    ['font_size', 0.4],
    ['font_size', 3.1],
    ['font_size', 'big'],
    ['speed', 0],
    ['speed', 3.5],
    ['speed', '1.5'],
    ['theme', 'dark'],
    ['locale', 'de'],
    ['font_family', 'comic'],
    ['auto_next', 'yes'],
    ['auto_next', 1],
    ['voice', 'Not A Voice!'],
    ['voice', ''],
  ];
  for (const [field, value] of invalid) {
    test(`${field}: ${JSON.stringify(value)} is 400 naming the field, and nothing is stored`, async () => {
      const who = anon();
      // A valid field beside the bad one must not be stored either.
      const res = await put(who, { theme: 'slate', [field]: value });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('invalid_request');
      expect(body.message).toContain(field);
      expect(await rowsFor(who['x-session-id'])).toHaveLength(0);
    });
  }

  test('font_size 0 is refused in words that say so', async () => {
    const body = (await (await put(anon(), { font_size: 0 })).json()) as { message: string };
    expect(body.message).toBe('font_size must be a number from 0.5 to 3.0 (0 is not allowed)');
  });

  test('an unknown field is 400 naming it, so typos surface', async () => {
    const who = anon();
    const res = await put(who, { fontSize: 1.2 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toStartWith('fontSize: unknown setting');
    expect(await rowsFor(who['x-session-id'])).toHaveLength(0);
  });

  test('a body that is not a JSON object, or not JSON at all, is 400', async () => {
    for (const body of ['[1,2]', '"theme"', '5', 'null']) {
      const res = await put(anon(), body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
    const malformed = await put(anon(), '{"theme":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_request', message: 'Invalid JSON body' });
  });

  test('sets the appearance cookies of the stored choices (not of defaults) so pages apply them', async () => {
    const who = anon();
    const res = await put(who, { theme: 'light-slate', font_size: 1.25, speed: 2 });
    const cookies = res.headers.getSetCookie().filter((c) => !c.startsWith('session_id='));
    expect(cookies.map((c) => c.split(';')[0]).sort()).toEqual(['font_size=1.25', 'theme=light-slate']);
    for (const cookie of cookies) {
      expect(cookie).toContain('Max-Age=31536000');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
    }
    const page = await (await app.fetch('/', { headers: { accept: 'text/html', cookie: cookies.map((c) => c.split(';')[0]).join('; ') } })).text();
    expect(page).toContain('data-theme="light-slate"');
    expect(page).toContain('--font-scale: 1.25');
  });

  test('a cross-site write with cookies is refused', async () => {
    const res = await app.fetch('/api/settings', { method: 'PUT', headers: { ...json, cookie: 'session_id=settings-csrf-000001', origin: 'https://evil.example' }, body: '{"theme":"rose"}' });
    expect(res.status).toBe(403);
  });
});

describe('readers are kept apart', () => {
  test('anonymous and signed-in readers each have their own settings', async () => {
    const phone = anon();
    await put(phone, { theme: 'rose' });
    const user = await loginAs(app, 'settings-apart');
    expect(await (await get({ cookie: user.cookie })).json()).toEqual(DEFAULTS);
    await put({ cookie: user.cookie }, { theme: 'light', locale: 'fr' });
    expect(await (await get({ authorization: `Bearer ${user.token}` })).json()).toMatchObject({ theme: 'light', locale: 'fr' });
    expect(await (await get(phone)).json()).toMatchObject({ theme: 'rose', locale: 'en' });
    const other = await loginAs(app, 'settings-apart-2');
    expect(await (await get({ cookie: other.cookie })).json()).toEqual(DEFAULTS);
  });

  test('signing in brings the anonymous settings into the account', async () => {
    const phone = anon();
    await put(phone, { speed: 2, auto_next: true });
    const user = await loginAs(app, 'settings-merger', { sessionId: phone['x-session-id'] });
    expect(await (await get({ cookie: user.cookie })).json()).toMatchObject({ speed: 2, auto_next: true });
    expect(await rowsFor(phone['x-session-id'])).toEqual([expect.objectContaining({ user_id: user.user.id })]);
  });

  test('signing in on a new browser turns the account’s stored look into its cookies', async () => {
    const phone = await loginAs(app, 'settings-traveller');
    await put({ cookie: phone.cookie }, { theme: 'light', font_family: 'serif', font_size: 1.5, locale: 'es' });
    // A laptop that has never been here: the login response carries the appearance cookies.
    const res = await app.fetch('/api/auth/debug-login', { method: 'POST', headers: json, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'settings-traveller' }) });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    expect(cookies).toEqual(expect.arrayContaining(['theme=light', 'font_family=serif', 'font_size=1.5', 'locale=es']));
    // An account without stored settings gets no appearance cookies (the browser's own stay).
    const fresh = await app.fetch('/api/auth/debug-login', { method: 'POST', headers: json, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'settings-blank' }) });
    expect(fresh.headers.getSetCookie().filter((c) => /^(theme|locale|font_family|font_size)=/.test(c))).toEqual([]);
  });
});

test('settings survive a restart: a new app over the same database answers them', async () => {
  const who = anon();
  await put(who, { theme: 'slate', speed: 0.75 });
  const restarted = createHandler(app.platform, loadAssets());
  const res = await restarted(new Request('http://localhost:3000/api/settings', { headers: { accept: 'application/json', ...who } }));
  expect(await res.json()).toEqual({ ...DEFAULTS, theme: 'slate', speed: 0.75 });
});
