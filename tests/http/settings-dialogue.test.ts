import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FAKE_VOICES } from '../support/audio-engines.ts';
import { anon, audioCall, startAudioApp, type AudioTestApp } from '../support/audio-app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';

/**
 * The dialogue voice setting (GET|PUT /api/settings `dialogue_voice`, the /settings page): a voice
 * of the voice's language, absent when off. The fake voices (tests/support/audio-engines.ts) are
 * English but for espeak-pt-br; espeak-en-gb and flite-awb are accepted without being listed.
 */
let app: AudioTestApp;
beforeAll(async () => {
  app = await startAudioApp({ runner: false });
}, 30_000);
afterAll(() => app.close(), 30_000);

let counter = 0;
const reader = () => anon(`dialogue-setting-${++counter}`) as { sessionId: string };
const api = (method: string, who: { sessionId: string }, body?: unknown) => audioCall(app, method, '/api/settings', who, body);
const storedVoice = async (who: { sessionId: string }) =>
  (await app.platform.db.selectFrom('user_settings').select('voice').where('session_id', '=', who.sessionId).executeTakeFirst())?.voice;
const form = (cookie: string, body: string) =>
  app.fetch('/settings', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: TEST_ORIGIN, cookie }, body });
const VALID_FORM = 'theme=slate&font_family=serif&font_size=1&locale=en&speed=1&auto_next=true';

describe('dialogue_voice in /api/settings', () => {
  test('off by default: the field is absent, the seven fields as they were', async () => {
    const body = (await (await api('GET', reader())).json()) as Record<string, unknown>;
    expect('dialogue_voice' in body).toBe(false);
  });

  test('round trip: chosen with the voice, answered by PUT and GET, kept beside the voice', async () => {
    const who = reader();
    const put = await api('PUT', who, { voice: 'espeak-en-gb', dialogue_voice: 'flite-awb' });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ voice: 'espeak-en-gb', dialogue_voice: 'flite-awb' });
    expect(await (await api('GET', who)).json()).toMatchObject({ voice: 'espeak-en-gb', dialogue_voice: 'flite-awb' });
    expect(await storedVoice(who)).toBe('espeak-en-gb+flite-awb');
    // Another field changed alone leaves both voices as they are.
    expect(await (await api('PUT', who, { speed: 1.5 })).json()).toMatchObject({ voice: 'espeak-en-gb', dialogue_voice: 'flite-awb', speed: 1.5 });
  });

  test('a dialogue voice of another language, unknown or malformed is 400 and changes nothing', async () => {
    const who = reader();
    await api('PUT', who, { voice: 'espeak-en-gb', dialogue_voice: 'flite-awb' });
    const other = await api('PUT', who, { dialogue_voice: 'espeak-pt-br', speed: 2 });
    expect([other.status, await other.json()]).toEqual([400, { error: 'invalid_request', message: 'dialogue_voice must speak the language of the voice (en): espeak-pt-br speaks pt-BR' }]);
    const unknown = await api('PUT', who, { dialogue_voice: 'espeak-nobody' });
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: 'invalid_request', message: 'dialogue_voice must be null or one of the voices of GET /api/voices' }]);
    const malformed = await api('PUT', who, { dialogue_voice: 'two words' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toContain('dialogue_voice');
    // Checked against the voice sent with it, not the stored one.
    expect((await api('PUT', who, { voice: 'espeak-pt-br', dialogue_voice: 'flite-awb' })).status).toBe(400);
    expect(await (await api('GET', who)).json()).toMatchObject({ voice: 'espeak-en-gb', dialogue_voice: 'flite-awb', speed: 1 });
  });

  test('the voice itself, null or "" turn it off', async () => {
    for (const off of ['espeak-en-gb', null, '']) {
      const who = reader();
      await api('PUT', who, { voice: 'espeak-en-gb', dialogue_voice: 'flite-awb' });
      const res = await api('PUT', who, { dialogue_voice: off });
      expect(res.status).toBe(200);
      expect('dialogue_voice' in ((await res.json()) as object)).toBe(false);
      expect(await storedVoice(who)).toBe('espeak-en-gb');
    }
  });

  test('a new voice keeps the dialogue voice while it speaks its language, and drops it when not', async () => {
    const who = reader();
    await api('PUT', who, { voice: 'espeak-en-gb', dialogue_voice: 'flite-awb' });
    expect(await (await api('PUT', who, { voice: 'espeak-en-us' })).json()).toMatchObject({ voice: 'espeak-en-us', dialogue_voice: 'flite-awb' });
    const moved = (await (await api('PUT', who, { voice: 'espeak-pt-br' })).json()) as Record<string, unknown>;
    expect(moved.voice).toBe('espeak-pt-br');
    expect('dialogue_voice' in moved).toBe(false);
    expect(await storedVoice(who)).toBe('espeak-pt-br');
  });
});

describe('the Dialogue voice select of /settings', () => {
  const select = (page: string) => page.match(/<select id="settings-dialogue-voice" name="dialogue_voice"[^>]*>(.*?)<\/select>/s)?.[1] ?? '';

  test('"Same voice (off)" and the other voices of the voice\'s language; the form saves a choice and refuses another language', async () => {
    const cookie = `session_id=dialogue-page-${++counter}-0123456789abcdef`;
    let page = await (await app.fetch('/settings', { headers: { accept: 'text/html', cookie } })).text();
    expect(page).toContain('<label for="settings-dialogue-voice">Dialogue voice</label>');
    let options = [...select(page).matchAll(/<option value="([^"]*)"( selected)?/g)].map((m) => `${m[1]}${m[2] ? '*' : ''}`);
    expect(options).toEqual(['*', ...FAKE_VOICES.filter((v) => v.id !== 'espeak-en-us').map((v) => v.id)]);
    expect(select(page)).toContain('>Same voice (off)</option>');

    const saved = await form(cookie, `${VALID_FORM}&voice=espeak-en-us&dialogue_voice=flite-kal`);
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/settings?saved=1']);
    page = await (await app.fetch('/settings', { headers: { accept: 'text/html', cookie } })).text();
    options = [...select(page).matchAll(/<option value="([^"]*)"( selected)?/g)].map((m) => `${m[1]}${m[2] ? '*' : ''}`);
    expect(options).toContain('flite-kal*');

    const refused = await form(cookie, `${VALID_FORM}&voice=espeak-en-us&dialogue_voice=espeak-pt-br`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Choose a dialogue voice that speaks the language of your voice.');

    // A new voice of another language with the dialogue choice left as it was: saved, the dialogue voice dropped.
    const moved = await form(cookie, `${VALID_FORM}&voice=espeak-pt-br&dialogue_voice=flite-kal`);
    expect(moved.status).toBe(303);
    const now = (await (await app.fetch('/api/settings', { headers: { accept: 'application/json', cookie } })).json()) as Record<string, unknown>;
    expect([now.voice, 'dialogue_voice' in now]).toEqual(['espeak-pt-br', false]);
    const off = await form(cookie, `${VALID_FORM}&voice=espeak-pt-br&dialogue_voice=`);
    expect(off.status).toBe(303);
  });
});
