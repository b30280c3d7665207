import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

let counter = 0;
const anonCookie = () => `session_id=settings-page-${String(++counter).padStart(6, '0')}`;
const html = { accept: 'text/html' };
const form = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, ...html };
const settingsOf = async (cookie: string) => (await app.fetch('/api/settings', { headers: { accept: 'application/json', cookie } })).json() as Promise<Record<string, unknown>>;
const pairs = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => !c.startsWith('session_id='));
const selected = (page: string, name: string) => page.match(new RegExp(`<select[^>]*name="${name}"[^>]*>.*?<option value="([^"]*)"[^>]*selected`, 's'))?.[1];

const VALID = 'theme=light-rose&font_family=serif&font_size=1.5&locale=en&voice=espeak-en-us&speed=1.25&auto_next=true';

describe('GET /settings', () => {
  test('renders every control with the reader’s values, out of search results', async () => {
    const cookie = anonCookie();
    await app.fetch('/api/settings', { method: 'PUT', headers: { 'content-type': 'application/json', cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ theme: 'slate', speed: 1.75, auto_next: true }) });
    const res = await app.fetch('/settings', { headers: { ...html, cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('<title>Settings · Chapterhouse</title>');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain('<link rel="canonical" href="http://localhost:3000/settings"');
    expect(page).toContain('<form class="settings-form" method="post" action="/settings"');
    expect(selected(page, 'theme')).toBe('slate');
    for (const name of ['theme', 'font_family', 'locale']) expect(page).toMatch(new RegExp(`<label for="[^"]+">[^<]+</label><select id="[^"]+" name="${name}"`));
    // The voice select shares its row with the Preview button; its label still names it.
    expect(page).toMatch(/<label for="settings-voice">Voice<\/label><div class="voice-field__row"><select id="settings-voice" name="voice"/);
    expect(page).toMatch(/<input type="range" id="settings-font-size" name="font_size" min="0.5" max="3" step="0.025" value="1"/);
    expect(page).toMatch(/<input type="range" id="settings-speed" name="speed" min="0.5" max="3" step="0.05" value="1.75"/);
    expect(page).toContain('1.75×</output>');
    expect(page).toMatch(/<input type="checkbox" id="settings-auto-next" name="auto_next" value="true" checked/);
    expect(page).toContain('aria-live="polite"');
    expect(page).toContain('data-settings-preview');
    expect(page).toMatch(/<script src="\/assets\/js\/settings\.[0-9a-f]+\.js" defer><\/script>/);
  });

  test('a signed-in reader sees the account’s look even where this browser’s cookies are stale, and the cookies are refreshed', async () => {
    const user = await loginAs(app, 'page-reader');
    await app.fetch('/api/settings', { method: 'PUT', headers: { 'content-type': 'application/json', cookie: user.cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ theme: 'light', locale: 'fr' }) });
    const res = await app.fetch('/settings', { headers: { ...html, cookie: `${user.cookie}; theme=rose; locale=en` } });
    const page = await res.text();
    expect(page).toContain('<html lang="fr" data-theme="light"');
    expect(page).toContain('<title>Réglages · Chapterhouse</title>');
    expect(pairs(res).sort()).toEqual(['locale=fr', 'theme=light']);
    expect(page).toContain('suivent sur chaque appareil');
  });

  test('the appearance menu on every page links to it', async () => {
    const page = await (await app.fetch('/', { headers: html })).text();
    expect(page).toContain('<a class="appearance__more" href="/settings">All settings</a>');
  });
});

describe('POST /settings (the page without JavaScript)', () => {
  test('saves every field, sets the cookies and goes back to the page with a notice', async () => {
    const cookie = anonCookie();
    const res = await app.fetch('/settings', { method: 'POST', headers: { ...form, cookie }, body: VALID });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/settings?saved=1');
    expect(pairs(res).sort()).toEqual(['font_family=serif', 'font_size=1.5', 'locale=en', 'theme=light-rose']);
    expect(await settingsOf(cookie)).toEqual({ auto_next: true, voice: 'espeak-en-us', speed: 1.25, theme: 'light-rose', locale: 'en', font_family: 'serif', font_size: 1.5 });
    const back = await (await app.fetch('/settings?saved=1', { headers: { ...html, cookie } })).text();
    expect(back).toContain('Your settings are saved.');
  });

  test('an unticked auto_next box (absent from the form) turns it off', async () => {
    const cookie = anonCookie();
    await app.fetch('/settings', { method: 'POST', headers: { ...form, cookie }, body: VALID });
    await app.fetch('/settings', { method: 'POST', headers: { ...form, cookie }, body: VALID.replace('&auto_next=true', '') });
    expect((await settingsOf(cookie)).auto_next).toBe(false);
  });

  const bad: Array<[string, string, string]> = [
    ['font_size', 'font_size=0', 'Choose a text size between 50% and 300%.'],
    ['font_size', 'font_size=big', 'Choose a text size between 50% and 300%.'],
    ['speed', 'speed=3.5', 'Choose a playback speed between 0.5× and 3×.'],
    ['theme', 'theme=dark', 'Choose one of the listed themes.'],
    ['locale', 'locale=de', 'Choose one of the listed languages.'],
    ['auto_next', 'auto_next=yes', 'Choose whether to go on to the next chapter automatically.'],
  ];
  for (const [field, change, message] of bad) {
    test(`${change} shows the page again with the error and stores nothing`, async () => {
      const cookie = anonCookie();
      const body = VALID.split('&').map((pair) => (pair.startsWith(`${field}=`) ? change : pair)).join('&');
      const res = await app.fetch('/settings', { method: 'POST', headers: { ...form, cookie }, body });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      const page = await res.text();
      expect(page).toContain('role="alert"');
      expect(page).toContain(message);
      expect(pairs(res)).toEqual([]);
      expect((await settingsOf(cookie)).theme).toBe('amber');
    });
  }

  test('errors are shown in the reader’s language', async () => {
    const res = await app.fetch('/settings', { method: 'POST', headers: { ...form, cookie: `${anonCookie()}; locale=pt` }, body: 'speed=9' });
    expect(await res.text()).toContain('Escolha uma velocidade entre 0,5× e 3×.');
  });

  test('a cross-site form post is refused', async () => {
    const res = await app.fetch('/settings', { method: 'POST', headers: { ...form, cookie: anonCookie(), origin: 'https://evil.example' }, body: VALID });
    expect(res.status).toBe(403);
  });
});

describe('POST /prefs (the appearance menu) writes the same settings', () => {
  test('for an anonymous reader and for a signed-in one', async () => {
    const cookie = anonCookie();
    const res = await app.fetch('/prefs', { method: 'POST', headers: { ...form, cookie, 'hx-request': 'true' }, body: 'theme=light-slate&font_size=1.125' });
    expect(res.status).toBe(204);
    expect(pairs(res).sort()).toEqual(['font_size=1.125', 'theme=light-slate']);
    expect(await settingsOf(cookie)).toMatchObject({ theme: 'light-slate', font_size: 1.125, locale: 'en' });

    const user = await loginAs(app, 'prefs-user');
    await app.fetch('/prefs', { method: 'POST', headers: { ...form, cookie: user.cookie }, body: 'locale=id&return_to=%2F' });
    expect(await settingsOf(user.cookie)).toMatchObject({ locale: 'id', theme: 'amber' });
  });

  test('an invalid value stores nothing', async () => {
    const cookie = anonCookie();
    const res = await app.fetch('/prefs', { method: 'POST', headers: { ...form, cookie, accept: 'application/json' }, body: 'theme=slate&font_size=0' });
    expect(res.status).toBe(400);
    expect((await settingsOf(cookie)).theme).toBe('amber');
  });
});
