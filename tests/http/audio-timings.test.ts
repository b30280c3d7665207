import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { prepareScript } from '../../src/integrations/tts/index.ts';
import { dailyKey } from '../../src/features/limits/daily.ts';
import { DEFAULT_VOICE } from '../../src/features/settings/model.ts';
import { anon, audioCall, ended, pollStatus, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';

/**
 * GET /api/audio/timings/{slug}/{n}: the sentence timings kept with a chapter's stored audio. The
 * fake engines (tests/support/audio-engines.ts) speak 0.01 s a character, so a sentence's share of
 * the audio can be checked against its length.
 */
let app: AudioTestApp;
let pro: Who;
beforeAll(async () => {
  // The contract's daily limit holds on a site that takes payments (decisions.md).
  app = await startAudioApp({ env: PAYMENTS_CONFIGURED_ENV });
  pro = { cookie: (await loginAs(app, 'at-pro', { role: 'pro' })).cookie };
}, 30_000);
afterAll(() => app.close(), 30_000);

type Sentence = { start: number; end: number; text: string };
type TimingsBody = { voice: string; duration: number; sentences: Sentence[] };

const timings = (who: Who, slug: string, n: number | string, voice?: string) =>
  audioCall(app, 'GET', `/api/audio/timings/${slug}/${n}${voice ? `?voice=${voice}` : ''}`, who);

async function generate(slug: string, chapter: number, voice = DEFAULT_VOICE) {
  expect((await audioCall(app, 'POST', '/api/audio', pro, { slug, chapter, voice })).status).toBe(202);
  const { body } = await pollStatus(app, `/api/audio/status/${slug}/${chapter}?voice=${voice}`, pro, ended);
  expect(body.status).toBe('done');
}

/** The chapter's sentences as a narrator reads them: the title first, then the text. */
async function chapterSentences(slug: string, n: number): Promise<{ title: string; sentences: string[] }> {
  const row = await app.platform.db.selectFrom('chapters').select(['title', 'text']).where('book_slug', '=', slug).where('number', '=', n).executeTakeFirstOrThrow();
  const script = prepareScript(`${row.title}\n\n${row.text}`, { locale: 'en' });
  return { title: row.title, sentences: script.sentences.map((s) => script.text.slice(s.from, s.to).trim()).filter(Boolean) };
}

const NOT_GENERATED = { error: 'not_found', message: 'Audio not found: it has not been generated yet' };

describe('GET /api/audio/timings/{slug}/{n}', () => {
  test('404 (the body presign gives) before the audio exists; after the job, every sentence in order inside the audio', async () => {
    const who = anon('timings-main');
    let res = await timings(who, 'ink-and-alibis', 2);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_GENERATED);
    expect(res.headers.get('cache-control')).not.toBe('private, max-age=300'); // a miss is not kept
    expect((await audioCall(app, 'GET', '/api/presign/audio?slug=ink-and-alibis&chapter=2', who)).status).toBe(404);

    await generate('ink-and-alibis', 2);
    res = await timings(who, 'ink-and-alibis', 2);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as TimingsBody;
    expect(Object.keys(body).sort()).toEqual(['duration', 'sentences', 'voice']);
    expect(body.voice).toBe(DEFAULT_VOICE);

    // The duration is the stored file's.
    const file = await app.platform.db.selectFrom('audio_files').select('duration_seconds').where('slug', '=', 'ink-and-alibis').where('chapter', '=', 2).executeTakeFirstOrThrow();
    expect(body.duration).toBeCloseTo(file.duration_seconds, 3);
    expect(body.duration).toBeGreaterThan(10);

    // The texts are the chapter's sentences, title first, in reading order.
    const { title, sentences } = await chapterSentences('ink-and-alibis', 2);
    expect(sentences.length).toBeGreaterThan(10);
    expect(body.sentences.map((s) => s.text)).toEqual(sentences);
    expect(body.sentences[0]!.text).toBe(title.trim());

    // In order, non-overlapping, inside [0, duration], starting at 0 and ending with the audio.
    let previousEnd = 0;
    for (const s of body.sentences) {
      expect(Object.keys(s).sort()).toEqual(['end', 'start', 'text']);
      expect(s.start).toBeGreaterThanOrEqual(previousEnd);
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end).toBeLessThanOrEqual(body.duration);
      // Seconds to the millisecond.
      expect(Math.round(s.start * 1000)).toBeCloseTo(s.start * 1000, 6);
      expect(Math.round(s.end * 1000)).toBeCloseTo(s.end * 1000, 6);
      // The fake engine speaks 0.01 s a character: each sentence gets its own share of the audio.
      const expected = s.text.length * 0.01;
      expect((s.end - s.start) / expected).toBeGreaterThan(0.9);
      expect((s.end - s.start) / expected).toBeLessThan(1.25);
      previousEnd = s.end;
    }
    expect(body.sentences[0]!.start).toBe(0);
    expect(body.sentences.at(-1)!.end).toBeCloseTo(body.duration, 2);

    // Naming the default voice answers the same.
    res = await timings(who, 'ink-and-alibis', 2, DEFAULT_VOICE);
    expect(await res.json()).toEqual(body);
    // Text, not audio: none of this counted against the free tier.
    expect(await app.platform.cache.setMembers(dailyKey('audio', `anon:${'sessionId' in who ? who.sessionId : ''}`, new Date()))).toEqual([]);
  });

  test('per voice: a WAV voice has its own timings; a voice with no audio yet is 404', async () => {
    const who = anon('timings-voices');
    await generate('ink-and-alibis', 3);
    let res = await timings(who, 'ink-and-alibis', 3, 'flite-kal');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_GENERATED);
    await generate('ink-and-alibis', 3, 'flite-kal');
    res = await timings(who, 'ink-and-alibis', 3, 'flite-kal');
    expect(res.status).toBe(200);
    const wav = (await res.json()) as TimingsBody;
    expect(wav.voice).toBe('flite-kal');
    const { sentences } = await chapterSentences('ink-and-alibis', 3);
    expect(wav.sentences.map((s) => s.text)).toEqual(sentences);
    // The stored WAV's own length: 16-bit mono after a 44-byte header.
    const file = await app.platform.objects.head('audio/ink-and-alibis/3/flite-kal.wav');
    expect(wav.duration).toBeCloseTo((file!.size - 44) / 2 / 16_000, 3);
    expect(wav.sentences.at(-1)!.end).toBeCloseTo(wav.duration, 2);
  });

  test('regenerated audio replaces its timings with the new text', async () => {
    await generate('morning-bread', 3);
    const before = (await (await timings(pro, 'morning-bread', 3)).json()) as TimingsBody;
    await app.platform.db.updateTable('chapters').set({ text: 'One short line. And another one.' }).where('book_slug', '=', 'morning-bread').where('number', '=', 3).execute();
    await app.platform.objects.delete('audio/morning-bread/3/espeak-en-us.mp3');
    await generate('morning-bread', 3);
    const after = (await (await timings(pro, 'morning-bread', 3)).json()) as TimingsBody;
    const { title } = await chapterSentences('morning-bread', 3);
    expect(after.sentences.map((s) => s.text)).toEqual([title.trim(), 'One short line.', 'And another one.']);
    expect(after.duration).toBeLessThan(before.duration);
    expect(after.sentences.at(-1)!.end).toBeCloseTo(after.duration, 2);
  });

  test('unknown voice 400; malformed voice or n 400; unknown book or chapter 404', async () => {
    const who = anon('timings-errors');
    let res = await timings(who, 'ink-and-alibis', 2, 'nobody-speaks');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Unknown voice: nobody-speaks (GET /api/voices lists the voices)' });
    res = await timings(who, 'ink-and-alibis', 2, 'Bad%20Voice!');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('voice must be a voice id');
    res = await timings(who, 'no-such-book', 1);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    res = await timings(who, 'ink-and-alibis', 999);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Chapter not found' });
    for (const n of ['0', 'abc', '1.5']) {
      res = await timings(who, 'ink-and-alibis', n);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: 'n must be a chapter number (a whole number of at least 1)' });
    }
  });

  test('audio stored before timings were kept: 404 saying so', async () => {
    await generate('ink-and-alibis', 5);
    await app.platform.db.updateTable('audio_files').set({ sentences: null }).where('slug', '=', 'ink-and-alibis').where('chapter', '=', 5).execute();
    const res = await timings(anon('timings-old'), 'ink-and-alibis', 5);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Sentence timings not found: this audio was stored before timings were kept' });
  });
});
