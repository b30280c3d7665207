import { afterAll, beforeAll, expect, test } from 'bun:test';
import { audioCall, pollStatus, readAll, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';
import { narrationVoice, parseNarration } from '../../src/features/audio/narration.ts';

/** A chapter's stored translation narrated like the original: POST /api/audio with `locale`. */
let app: AudioTestApp;
let who: Who;
const SLUG = 'salvage-rights';
const FRENCH = 'Le navire dormait dans le port. Personne ne parlait de la cargaison.\n\n*La nuit tombait.*\n';

beforeAll(async () => {
  app = await startAudioApp();
  who = { cookie: (await loginAs(app, 'polyglot', { role: 'pro' })).cookie };
  const chapter = await app.platform.db.selectFrom('chapters').select('content_hash').where('book_slug', '=', SLUG).where('number', '=', 1).executeTakeFirstOrThrow();
  await app.platform.db.insertInto('chapter_translations').values({ slug: SLUG, chapter: 1, locale: 'fr', title: 'Le droit d’épave', text: FRENCH, source_hash: chapter.content_hash }).execute();
}, 30_000);
afterAll(() => app.close(), 30_000);

test('the voice and the language are one stored narration id, and back', () => {
  expect(narrationVoice('espeak-en-us', 'fr')).toBe('espeak-en-us@fr');
  expect(narrationVoice('espeak-en-us', null)).toBe('espeak-en-us');
  expect(parseNarration('espeak-en-us@fr')).toEqual({ voiceId: 'espeak-en-us', locale: 'fr' });
  expect(parseNarration('openai:af_bella')).toEqual({ voiceId: 'openai:af_bella', locale: null });
  expect(parseNarration('odd@xx')).toEqual({ voiceId: 'odd@xx', locale: null });
});

test('the French translation is narrated, stored beside the original, and its timings are the translation\'s sentences', async () => {
  const res = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: 1, voice: 'espeak-en-us', locale: 'fr' });
  expect(res.status).toBe(202);
  const done = await pollStatus(app, `/api/audio/status/${SLUG}/1?voice=espeak-en-us&locale=fr`, who, (s) => s.status === 'done' || s.status === 'failed');
  expect(done.body.status).toBe('done');
  const stored = await app.platform.db.selectFrom('audio_files').select(['voice', 'object_key']).where('slug', '=', SLUG).where('chapter', '=', 1).execute();
  expect(stored).toContainEqual({ voice: 'espeak-en-us@fr', object_key: `audio/${SLUG}/1/espeak-en-us@fr.mp3` });
  const timings = (await (await audioCall(app, 'GET', `/api/audio/timings/${SLUG}/1?voice=espeak-en-us&locale=fr`, who)).json()) as { voice: string; sentences: { text: string }[] };
  expect(timings.voice).toBe('espeak-en-us@fr');
  expect(timings.sentences.map((s) => s.text)).toEqual(['Le droit d’épave', 'Le navire dormait dans le port.', 'Personne ne parlait de la cargaison.', 'La nuit tombait.']);
  const stream = await audioCall(app, 'GET', `/api/audio-stream/${SLUG}/1?voice=espeak-en-us&locale=fr`, who);
  expect(stream.status).toBe(200);
  expect((await readAll(stream)).bytes.length).toBeGreaterThan(1000);
  // The original's narration is another object, untouched by this one.
  expect((await audioCall(app, 'GET', `/api/audio/status/${SLUG}/1?voice=espeak-en-us`, who)).status).toBe(404);
});

test('without a voice, the first voice of the language reads it; a language no voice speaks is 400', async () => {
  const english = await app.platform.db.selectFrom('chapters').select('content_hash').where('book_slug', '=', SLUG).where('number', '=', 2).executeTakeFirstOrThrow();
  await app.platform.db.insertInto('chapter_translations').values({ slug: SLUG, chapter: 2, locale: 'en', title: 'Two', text: 'Plain words.\n', source_hash: english.content_hash }).execute();
  const res = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: 2, locale: 'en' });
  expect(res.status).toBe(202);
  const status = await pollStatus(app, `/api/audio/status/${SLUG}/2?locale=en`, who, (s) => s.status === 'done' || s.status === 'failed');
  expect(status.body.status).toBe('done');
  const row = await app.platform.db.selectFrom('audio_files').select('voice').where('slug', '=', SLUG).where('chapter', '=', 2).executeTakeFirstOrThrow();
  expect(row.voice).toBe('espeak-en-us@en');
  const none = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: 1, locale: 'fr' });
  expect([none.status, await none.json()]).toEqual([400, { error: 'invalid_request', message: 'No voice on this server speaks fr' }]);
});

test('a chapter not translated yet is 404 saying so; a language outside the five is 400', async () => {
  const res = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: 3, voice: 'espeak-en-us', locale: 'pt' });
  expect([res.status, await res.json()]).toEqual([404, { error: 'not_found', message: 'This chapter has no pt translation yet (POST /api/translate)' }]);
  const bad = await audioCall(app, 'POST', '/api/audio', who, { slug: SLUG, chapter: 3, locale: 'de' });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toBe('locale must be one of en, pt, es, fr, id');
});
