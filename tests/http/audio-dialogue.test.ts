import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { prepareScript } from '../../src/integrations/tts/index.ts';
import { audioCall, ended, pollStatus, readAll, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { spokenBy } from '../support/audio-engines.ts';
import { loginAs } from '../support/auth.ts';

/**
 * Dialogue in a second voice: `dialogue_voice` on the audio API makes a narration of its own,
 * stored under `<voice>+<dialogue voice>`, the quotations read by the dialogue voice. The fake
 * voices espeak-en-gb (16 kHz) and flite-awb (22.05 kHz, another engine) write down what they are
 * given (tests/support/audio-engines.ts); a word only this run's chapter holds finds its lines.
 */
let app: AudioTestApp;
let who: Who;
const SLUG = 'morning-bread';
const CHAPTER = 5;
const NAME = `Vashti${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
const TITLE = `${NAME} at the door`;
const TEXT = [
  `${NAME} knocked twice. “${NAME}, open up!” ${NAME} waited.`,
  `“Who is there, ${NAME}?” asked the voice behind ${NAME}’s door.`,
  `${NAME} said: "It is me, ${NAME}. Open the door." Nothing happened to ${NAME}.`,
  `${NAME} shouted «${NAME} is cold and hungry`,
].join('\n\n');
const QUOTED = [`${NAME}, open up!`, `Who is there, ${NAME}?`, `It is me, ${NAME}. Open the door.`, `${NAME} is cold and hungry`];
const NARRATED = [TITLE, `${NAME} knocked twice.`, `${NAME} waited.`, `asked the voice behind ${NAME}’s door.`, `${NAME} said:`, `Nothing happened to ${NAME}.`, `${NAME} shouted`];

const VOICE = 'espeak-en-gb';
const DIALOGUE = 'flite-awb';
const words = (texts: readonly string[]) => texts.join(' ').replace(/\s+/g, ' ').trim();
const query = (dialogue?: string) => `voice=${VOICE}${dialogue ? `&dialogue_voice=${dialogue}` : ''}`;

beforeAll(async () => {
  app = await startAudioApp();
  who = { cookie: (await loginAs(app, 'two-voices', { role: 'pro' })).cookie };
  await app.platform.db.updateTable('chapters').set({ title: TITLE, text: TEXT }).where('book_slug', '=', SLUG).where('number', '=', CHAPTER).execute();
}, 30_000);
afterAll(() => app.close(), 30_000);

async function narrate(dialogue?: string) {
  const res = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: CHAPTER, voice: VOICE, ...(dialogue ? { dialogue_voice: dialogue } : {}) });
  expect(res.status).toBe(202);
  const { body } = await pollStatus(app, `/api/audio/status/${SLUG}/${CHAPTER}?${query(dialogue)}`, who, ended);
  expect(body).toMatchObject({ status: 'done', error: null });
}

const storedRows = () =>
  app.platform.db.selectFrom('audio_files').select(['voice', 'object_key', 'format', 'duration_seconds']).where('slug', '=', SLUG).where('chapter', '=', CHAPTER).orderBy('voice').execute();

describe('a chapter with dialogue and a dialogue voice', () => {
  test('narration in the voice, quotations in the dialogue voice, stored under both, timed sentence by sentence', async () => {
    await narrate(DIALOGUE);
    const calls = await spokenBy(NAME);
    expect(new Set(calls.map((call) => call.voice))).toEqual(new Set([VOICE, DIALOGUE]));
    expect(words(calls.filter((call) => call.voice === DIALOGUE).map((call) => call.text))).toBe(words(QUOTED));
    expect(words(calls.filter((call) => call.voice === VOICE).map((call) => call.text))).toBe(words(NARRATED));

    const rows = await storedRows();
    expect(rows.map(({ voice, object_key, format }) => ({ voice, object_key, format }))).toEqual([
      { voice: `${VOICE}+${DIALOGUE}`, object_key: `audio/${SLUG}/${CHAPTER}/${VOICE}+${DIALOGUE}.mp3`, format: 'mp3' },
    ]);
    // 0.01 s a character in the voice, 0.02 in the dialogue voice: its 22.05 kHz audio resampled keeps its length.
    const spokenSeconds = calls.reduce((sum, call) => sum + call.text.length * (call.voice === DIALOGUE ? 0.02 : 0.01), 0);
    expect(Number(rows[0]!.duration_seconds)).toBeGreaterThan(spokenSeconds * 0.95);
    expect(Number(rows[0]!.duration_seconds)).toBeLessThan(spokenSeconds * 1.1);

    const res = await audioCall(app, 'GET', `/api/audio/timings/${SLUG}/${CHAPTER}?${query(DIALOGUE)}`, who);
    expect(res.status).toBe(200);
    const timings = (await res.json()) as { voice: string; duration: number; sentences: { start: number; end: number; text: string }[] };
    expect(timings.voice).toBe(`${VOICE}+${DIALOGUE}`);
    const script = prepareScript(`${TITLE}\n\n${TEXT}`, { locale: 'en' });
    expect(timings.sentences.map((s) => s.text)).toEqual(script.sentences.map((s) => script.text.slice(s.from, s.to).trim()).filter(Boolean));
    // Shared by what each voice's part took: a sentence all in quotation marks lasts 0.02 s a character, narration 0.01.
    const pace = (text: string) => {
      const sentence = timings.sentences.find((s) => s.text === text)!;
      return (sentence.end - sentence.start) / text.replace(/"/g, '').length;
    };
    expect(pace('Open the door."')).toBeGreaterThan(0.016);
    expect(pace(`Nothing happened to ${NAME}.`)).toBeLessThan(0.013);
    let previous = 0;
    for (const sentence of timings.sentences) {
      expect(sentence.start).toBeGreaterThanOrEqual(previous);
      expect(sentence.end).toBeGreaterThan(sentence.start);
      previous = sentence.end;
    }
    expect(previous).toBeLessThanOrEqual(timings.duration);

    const stream = await audioCall(app, 'GET', `/api/audio-stream/${SLUG}/${CHAPTER}?${query(DIALOGUE)}`, who);
    expect([stream.status, stream.headers.get('content-type'), stream.headers.get('x-audio-source')]).toEqual([200, 'audio/mpeg', 'stored']);
    expect((await readAll(stream)).bytes.length).toBeGreaterThan(1000);
    const presign = await audioCall(app, 'GET', `/api/presign/audio?slug=${SLUG}&chapter=${CHAPTER}&${query(DIALOGUE)}`, who);
    expect(presign.status).toBe(200);
    // The link works with the `+` of the key (the app's signed /objects/ link, or the S3 server's).
    const link = new URL(((await presign.json()) as { url: string }).url);
    const object = link.pathname.startsWith('/objects/') ? await app.fetch(`${link.pathname}${link.search}`) : await fetch(link);
    expect([object.status, (await object.arrayBuffer()).byteLength]).toEqual([200, Number(stream.headers.get('content-length'))]);
  });

  test('without dialogue_voice nothing changes: one voice reads everything, stored under it alone', async () => {
    const before = (await spokenBy(NAME)).length;
    // The narration with a dialogue voice is another stored audio: this one does not exist yet.
    expect((await audioCall(app, 'GET', `/api/audio/status/${SLUG}/${CHAPTER}?${query()}`, who)).status).toBe(404);
    await narrate();
    const calls = (await spokenBy(NAME)).slice(before);
    expect(calls.every((call) => call.voice === VOICE)).toBe(true);
    expect(calls.some((call) => call.text.includes(`“${NAME}, open up!”`))).toBe(true);
    expect((await storedRows()).map((row) => row.voice)).toEqual([VOICE, `${VOICE}+${DIALOGUE}`]);
    const timings = (await (await audioCall(app, 'GET', `/api/audio/timings/${SLUG}/${CHAPTER}?${query()}`, who)).json()) as { voice: string };
    expect(timings.voice).toBe(VOICE);
  });

  test('the dialogue voice equal to the voice is no dialogue voice', async () => {
    const res = await audioCall(app, 'GET', `/api/audio/status/${SLUG}/${CHAPTER}?${query(VOICE)}`, who);
    expect(res.status).toBe(200);
    const plain = (await (await audioCall(app, 'GET', `/api/audio/status/${SLUG}/${CHAPTER}?${query()}`, who)).json()) as { job_id: string };
    expect(((await res.json()) as { job_id: string }).job_id).toBe(plain.job_id);
  });

  test('the admin cache lists and deletes it under its composed voice, the other narration untouched', async () => {
    const admin = { cookie: (await loginAs(app, 'dialogue-admin', { role: 'admin' })).cookie };
    const listed = (await (await audioCall(app, 'GET', `/api/admin/audio-cache?slug=${SLUG}`, admin)).json()) as { items: { chapter: number; voice: string }[]; next: string | null };
    expect(listed.items.filter((item) => item.chapter === CHAPTER).map((item) => item.voice).sort()).toEqual([VOICE, `${VOICE}+${DIALOGUE}`]);
    const page = (await (await audioCall(app, 'GET', `/api/admin/audio-cache?slug=${SLUG}&limit=1`, admin)).json()) as { next: string };
    expect((await audioCall(app, 'GET', `/api/admin/audio-cache?slug=${SLUG}&limit=1&after=${page.next}`, admin)).status).toBe(200);
    const removed = await audioCall(app, 'DELETE', `/api/admin/audio-cache/${SLUG}/${CHAPTER}?voice=${encodeURIComponent(`${VOICE}+${DIALOGUE}`)}`, admin);
    expect([removed.status, await removed.json()]).toEqual([200, { removed: true }]);
    expect((await storedRows()).map((row) => row.voice)).toEqual([VOICE]);
  });

  test('a dialogue voice of another language, or unknown, is 400 everywhere', async () => {
    const otherLanguage = { error: 'invalid_request', message: 'dialogue_voice must speak the language of the voice (en): espeak-pt-br speaks pt-BR' };
    const unknown = { error: 'invalid_request', message: 'dialogue_voice: unknown voice nobody-here (GET /api/voices lists the voices)' };
    const post = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: CHAPTER, voice: VOICE, dialogue_voice: 'espeak-pt-br' });
    expect([post.status, await post.json()]).toEqual([400, otherLanguage]);
    for (const path of [`/api/audio-stream/${SLUG}/${CHAPTER}`, `/api/audio/timings/${SLUG}/${CHAPTER}`, `/api/audio/status/${SLUG}/${CHAPTER}`]) {
      const res = await audioCall(app, 'GET', `${path}?${query('nobody-here')}`, who);
      expect([path, res.status, await res.json()]).toEqual([path, 400, unknown]);
    }
    const malformed = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: CHAPTER, voice: VOICE, dialogue_voice: 'a+b' });
    expect(malformed.status).toBe(400);
  });
});
