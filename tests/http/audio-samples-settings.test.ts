import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_VOICE } from '../../src/features/settings/model.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { anon, audioCall, startAudioApp, type AudioTestApp } from '../support/audio-app.ts';
import { FAKE_VOICES } from '../support/audio-engines.ts';
import { TEST_ORIGIN } from '../support/auth.ts';

/**
 * The voice setting offers exactly the voices of /api/voices (the fake engines here, which no real
 * engine has: `flite-kal` exists only there, `flite-slt` only in real Flite), and the settings page
 * lists them all with a preview button each.
 */
let app: AudioTestApp;
beforeAll(async () => {
  app = await startAudioApp({ runner: false });
}, 30_000);
afterAll(() => app.close(), 30_000);

let counter = 0;
const reader = () => anon(`voice-setting-${++counter}`) as { sessionId: string };
const api = (target: TestApp, method: string, who: { sessionId: string }, body?: unknown) => audioCall(target, method, '/api/settings', who, body);
const rowsOf = (who: { sessionId: string }) => app.platform.db.selectFrom('user_settings').selectAll().where('session_id', '=', who.sessionId).execute();
const form = (target: TestApp, cookie: string, body: string) =>
  target.fetch('/settings', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: TEST_ORIGIN, cookie }, body });
const VALID_FORM = 'theme=slate&font_family=serif&font_size=1&locale=en&speed=1&auto_next=true';

describe('/api/settings and the offered voices', () => {
  test('the default voice is the first voice of /api/voices', async () => {
    const { voices } = (await (await audioCall(app, 'GET', '/api/voices', reader())).json()) as { voices: Array<{ id: string }> };
    const settings = (await (await api(app, 'GET', reader())).json()) as { voice: string };
    expect(settings.voice).toBe(voices[0]!.id);
  });

  test('any voice of /api/voices may be chosen; another one is 400 and nothing is stored', async () => {
    const who = reader();
    const ok = await api(app, 'PUT', who, { voice: 'flite-kal', speed: 1.5 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ voice: 'flite-kal', speed: 1.5 });

    const other = reader();
    const refused = await api(app, 'PUT', other, { voice: 'flite-slt', theme: 'slate' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'invalid_request', message: 'voice must be one of the voices of GET /api/voices' });
    expect(await rowsOf(other)).toHaveLength(0);
    // The earlier choice is untouched by a refused change.
    expect(await api(app, 'PUT', who, { voice: 'espeak-nope' }).then((r) => r.status)).toBe(400);
    expect(await (await api(app, 'GET', who)).json()).toMatchObject({ voice: 'flite-kal' });
  });

  test('a stored voice that is no longer offered reads as the default voice', async () => {
    const who = reader();
    await app.platform.db.insertInto('user_settings').values({ session_id: who.sessionId, voice: 'flite-gone', theme: 'rose' }).execute();
    expect(await (await api(app, 'GET', who)).json()).toMatchObject({ voice: 'espeak-en-us', theme: 'rose' });
  });
});

describe('the /settings page', () => {
  test('one select of every voice grouped by engine, with its language, and one Preview button (hidden until the script shows it)', async () => {
    const cookie = `session_id=voice-page-${++counter}-0123456789abcdef`;
    await form(app, cookie, `${VALID_FORM}&voice=flite-kal`);
    const page = await (await app.fetch('/settings', { headers: { accept: 'text/html', cookie } })).text();
    const select = page.match(/<select id="settings-voice" name="voice"[^>]*>(.*?)<\/select>/s)?.[1] ?? '';
    expect([...select.matchAll(/<optgroup label="([^"]+)">/g)].map((m) => m[1])).toEqual(['eSpeak NG', 'Flite']);
    expect([...select.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual(FAKE_VOICES.map((v) => v.id));
    expect(select).toContain('<option value="flite-kal" selected data-voice-name="Kal (test)">Kal (test) · American English</option>');
    // One button, for the voice chosen in the select: the page never lists the voices a second time.
    expect(page.match(/data-voice-preview(?=[\s>])/g)).toHaveLength(1);
    expect(page).toMatch(/<button type="button" class="button button--quiet voice-field__preview" hidden aria-pressed="false" aria-label="Preview Kal \(test\)"[^>]*data-voice-preview>Preview<\/button>/);
    expect(page).not.toContain('voice-previews__scroll');
    expect(page).toContain('data-msg-preview-of="Preview {voice}"');
    expect(page).toContain('data-msg-missing="There is no sample of {voice} yet');
    expect(page).toContain('<audio data-voice-preview-player preload="none"></audio>');
    expect(page).toMatch(/<script src="\/assets\/js\/voice-preview\.[0-9a-f]+\.js" defer><\/script>/);
  });

  test('in another language the texts and language names follow it', async () => {
    const page = await (await app.fetch('/settings', { headers: { accept: 'text/html', cookie: `session_id=voice-page-fr-0123456789abcdef; locale=fr` } })).text();
    expect(page).toContain('>Écouter</button>');
    expect(page).toContain('English (US) · anglais américain');
  });

  test('the form without JavaScript saves an offered voice and refuses another one', async () => {
    const cookie = `session_id=voice-form-${++counter}-0123456789abcdef`;
    const saved = await form(app, cookie, `${VALID_FORM}&voice=espeak-slow`);
    expect(saved.status).toBe(303);
    const who = { sessionId: cookie.split('=')[1]! };
    expect(await (await api(app, 'GET', who)).json()).toMatchObject({ voice: 'espeak-slow', theme: 'slate' });

    const refused = await form(app, cookie, `${VALID_FORM.replace('theme=slate', 'theme=rose')}&voice=flite-slt`);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('Choose one of the listed voices.');
    expect(await (await api(app, 'GET', who)).json()).toMatchObject({ voice: 'espeak-slow', theme: 'slate' });

    // With another field wrong too, both are named.
    const both = await (await form(app, cookie, `${VALID_FORM.replace('speed=1', 'speed=9')}&voice=flite-slt`)).text();
    expect(both).toContain('Choose one of the listed voices.');
    expect(both).toContain('Choose a playback speed between 0.5× and 3×.');
  });
});

describe('a server without any speech engine', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ seed: false, audio: { speech: { listVoices: async () => [], engineOfVoice: async () => null } } });
  }, 30_000);
  afterAll(() => bare.close());

  test('the settings still work: no voice field, the form saves, the default stays and may be sent back, another voice is refused', async () => {
    const cookie = 'session_id=voice-bare-0123456789abcdef';
    const page = await (await bare.fetch('/settings', { headers: { accept: 'text/html', cookie } })).text();
    expect(page).not.toContain('name="voice"');
    expect(page).not.toContain('voice-preview.');
    expect(page).toContain('No voices are available on this server right now.');
    expect((await form(bare, cookie, VALID_FORM)).status).toBe(303);
    const who = { sessionId: cookie.split('=')[1]! };
    expect(await (await api(bare, 'GET', who)).json()).toMatchObject({ voice: DEFAULT_VOICE, theme: 'slate' });
    expect((await api(bare, 'PUT', who, { voice: DEFAULT_VOICE })).status).toBe(200);
    expect((await api(bare, 'PUT', who, { voice: 'flite-kal' })).status).toBe(400);
  });
});
