import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mp3Info, parseWav, prepareScript, sentenceStart, sentenceTimings, spokenSentences, type Script } from '../../src/integrations/tts/index.ts';
import { partsPrefix } from '../../src/features/audio/keys.ts';
import { anon, audioCall, ended, pollStatus, readAll, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';

/**
 * GET|HEAD /api/audio-stream/{slug}/{n}?from=<sentence> (the audio from a sentence on, stored or
 * still being made, the job jumping ahead to it) and GET /api/audio/timings/{slug}/{n}?estimate=1
 * (timings before the audio is stored). The fake engines speak 0.01 s a character; `espeak-slow`
 * takes 250 ms a chunk, so a chapter of ten chunks is made over a few seconds.
 */
let app: AudioTestApp;
let pro: Who;
beforeAll(async () => {
  // The contract's daily limit holds on a site that takes payments (decisions.md).
  app = await startAudioApp({ env: PAYMENTS_CONFIGURED_ENV });
  pro = { cookie: (await loginAs(app, 'asf-listener', { role: 'pro' })).cookie };
}, 120_000);
afterAll(() => app.close(), 30_000);

type Sentence = { start: number; end: number; text: string };
type TimingsBody = { voice: string; duration: number; sentences: Sentence[]; estimated?: boolean };

const stream = (path: string, who: Who = pro, method = 'GET') => audioCall(app, method, `/api/audio-stream/${path}`, who);
const timings = (path: string, who: Who = pro) => audioCall(app, 'GET', `/api/audio/timings/${path}`, who);
const storedBytes = async (key: string) => new Uint8Array(await new Response((await app.platform.objects.get(key))!.body).arrayBuffer());

async function generate(slug: string, n: number, voice: string) {
  expect((await audioCall(app, 'POST', '/api/audio', pro, { slug, chapter: n, voice })).status).toBe(202);
  const { body } = await pollStatus(app, `/api/audio/status/${slug}/${n}?voice=${voice}`, pro, ended, 60_000);
  expect(body.status).toBe('done');
}

async function scriptOf(slug: string, n: number): Promise<Script> {
  const row = await app.platform.db.selectFrom('chapters').select(['title', 'text']).where('book_slug', '=', slug).where('number', '=', n).executeTakeFirstOrThrow();
  return prepareScript(`${row.title}\n\n${row.text}`, { locale: 'en' });
}

async function storedRow(slug: string, n: number, voice: string) {
  return app.platform.db.selectFrom('audio_files').select(['duration_seconds', 'sentences', 'chunks']).where('slug', '=', slug).where('chapter', '=', n).where('voice', '=', voice).executeTakeFirstOrThrow();
}

/** A sentence (as the timings number them) that starts inside chunk `chunk`, not at its start. */
function sentenceInChunk(script: Script, chunk: number): number {
  const spoken = spokenSentences(script);
  const k = spoken.findIndex((s) => sentenceStart(script, s.index)!.chunk === chunk && sentenceStart(script, s.index)!.fraction > 0.2);
  expect(k).toBeGreaterThan(0);
  return k;
}

/** Watches the pieces of a chapter's job while it runs (from before it starts): when each chunk's piece was first seen. */
function watchPieces(slug: string, n: number, voice: string) {
  const seen = new Map<number, number>();
  let stop = false;
  const done = (async () => {
    let id: string | null = null;
    while (!stop) {
      id ??= (await app.platform.db.selectFrom('audio_jobs').select('id').where('slug', '=', slug).where('chapter', '=', n).where('voice', '=', voice).executeTakeFirst())?.id ?? null;
      if (id) {
        for (const piece of await app.platform.objects.list(partsPrefix(id)).catch(() => [])) {
          const chunk = Number(piece.key.slice(partsPrefix(id).length).split('.')[0]);
          if (!seen.has(chunk)) seen.set(chunk, performance.now());
        }
      }
      await Bun.sleep(20);
    }
  })();
  /**
   * Was chunk `a` made after chunk `b`? Pieces are removed when the job ends, so the last one or
   * two may be made and removed between two looks: a piece never seen was made after the last
   * look, so after every piece that was seen.
   */
  const after = (a: number, b: number) => seen.has(b) && (!seen.has(a) || seen.get(a)! > seen.get(b)!);
  return { seen, after, stop: async () => ((stop = true), await done) };
}

describe('GET /api/audio/timings?estimate=1', () => {
  test('before the audio is stored: estimated timings numbered as the stored ones will be; after: the exact ones; without estimate unchanged', async () => {
    const slug = 'the-clockwork-heir';
    const script = await scriptOf(slug, 2);
    let res = await timings(`${slug}/2?voice=espeak-en-us`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Audio not found: it has not been generated yet' });

    res = await timings(`${slug}/2?voice=espeak-en-us&estimate=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const estimate = (await res.json()) as TimingsBody;
    expect(Object.keys(estimate).sort()).toEqual(['duration', 'estimated', 'sentences', 'voice']);
    expect(estimate.estimated).toBe(true);
    expect(estimate.voice).toBe('espeak-en-us');
    expect(estimate.sentences.map((s) => s.text)).toEqual(spokenSentences(script).map((s) => s.text));
    // eSpeak speaks about 17.6 characters a second.
    const characters = script.chunks.reduce((n, c) => n + c.text.length, 0);
    expect(estimate.duration).toBeCloseTo(characters / 17.6, 1);
    let previous = 0;
    for (const s of estimate.sentences) {
      expect(s.start).toBeGreaterThanOrEqual(previous);
      expect(s.end).toBeGreaterThan(s.start);
      previous = s.end;
    }
    // Estimating starts nothing.
    expect((await audioCall(app, 'GET', `/api/audio/status/${slug}/2?voice=espeak-en-us`, pro)).status).toBe(404);

    await generate(slug, 2, 'espeak-en-us');
    res = await timings(`${slug}/2?voice=espeak-en-us&estimate=1`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const exact = (await res.json()) as TimingsBody;
    expect(exact.estimated).toBe(false);
    expect(exact.sentences.map((s) => s.text)).toEqual(estimate.sentences.map((s) => s.text));
    // The fake engine's rate (100 characters a second), not the estimate's.
    expect(exact.duration).toBeCloseTo(characters / 100, 1);
    const plain = (await (await timings(`${slug}/2?voice=espeak-en-us`)).json()) as TimingsBody;
    expect(Object.keys(plain).sort()).toEqual(['duration', 'sentences', 'voice']);
    expect(plain.sentences).toEqual(exact.sentences);

    res = await timings(`${slug}/2?estimate=yes`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('estimate must be 1');
  }, 60_000);
});

describe('GET /api/audio-stream?from= of stored audio', () => {
  test('MP3: from the frame of the sentence\'s start, with its length and X-Audio-From', async () => {
    const slug = 'the-clockwork-heir';
    await generate(slug, 3, 'espeak-en-us');
    const file = await storedBytes('audio/the-clockwork-heir/3/espeak-en-us.mp3');
    const { sentences, duration } = (await (await timings(`${slug}/3`)).json()) as TimingsBody;
    const k = Math.floor(sentences.length / 2);
    const res = await stream(`${slug}/3?from=${k}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('x-audio-source')).toBe('stored');
    expect(res.headers.get('x-audio-from')).toBe(String(k));
    expect(res.headers.get('accept-ranges')).toBe('none');
    const { bytes } = await readAll(res);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    const info = mp3Info(bytes);
    expect(info.trailing).toBe(0);
    // It is the end of the stored file, starting near the sentence.
    expect(file.subarray(file.length - bytes.length)).toEqual(bytes);
    const start = Number(res.headers.get('x-audio-start'));
    expect(Math.abs(start - sentences[k]!.start)).toBeLessThan(0.1);
    expect(Math.abs(mp3Info(file).duration - info.duration - sentences[k]!.start)).toBeLessThan(0.1);
    expect(info.duration).toBeLessThan(duration);
    // from=0 is the whole file.
    expect((await readAll(await stream(`${slug}/3?from=0`))).bytes).toEqual(file);
  }, 60_000);

  test('WAV: a fresh header with the length, then the samples from the sentence\'s start', async () => {
    const slug = 'the-clockwork-heir';
    await generate(slug, 4, 'flite-kal');
    const file = parseWav(await storedBytes('audio/the-clockwork-heir/4/flite-kal.wav'));
    const { sentences } = (await (await timings(`${slug}/4?voice=flite-kal`)).json()) as TimingsBody;
    const k = sentences.length - 3;
    const res = await stream(`${slug}/4?voice=flite-kal&from=${k}`);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const { bytes } = await readAll(res);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(40, true)).toBe(bytes.length - 44);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    const pcm = parseWav(bytes);
    const skipped = Math.floor(sentences[k]!.start * file.sampleRate);
    expect(pcm.sampleRate).toBe(file.sampleRate);
    expect(pcm.samples).toEqual(file.samples.subarray(skipped));
  }, 60_000);

  test('from past the last sentence: 400 naming the count; malformed: 400; neither counts', async () => {
    const listener = anon('from-refusals');
    const { sentences } = (await (await timings('the-clockwork-heir/3')).json()) as TimingsBody;
    let res = await stream(`the-clockwork-heir/3?from=${sentences.length}`, listener);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: `from is past the last sentence of this chapter: it has ${sentences.length} sentences, numbered from 0` });
    // Not generated yet: the chapter's script says how many there will be; nothing starts.
    const count = spokenSentences(await scriptOf('the-clockwork-heir', 5)).length;
    res = await stream(`the-clockwork-heir/5?from=${count}`, listener, 'HEAD');
    expect(res.status).toBe(400);
    res = await stream(`the-clockwork-heir/5?from=${count + 10}`, listener);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: `from is past the last sentence of this chapter: it has ${count} sentences, numbered from 0` });
    for (const bad of ['-1', '1.5', 'x']) {
      res = await stream(`the-clockwork-heir/3?from=${bad}`, listener);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(((await res.json()) as { message: string }).message).toContain('from must be a sentence number');
    }
    const jobs = await app.platform.db.selectFrom('audio_jobs').select('id').where('slug', '=', 'the-clockwork-heir').where('chapter', '=', 5).execute();
    expect(jobs).toEqual([]);
    // Three other chapters still fit in this listener's day: nothing was counted.
    for (const n of [1, 2, 3]) expect((await stream(`the-clockwork-heir/${n}?from=1`, listener, 'HEAD')).status).toBe(200);
  }, 30_000);
});

describe('GET /api/audio-stream?from= while the audio is being made', () => {
  test('the job jumps to the sentence\'s chunk, makes the rest, then fills in; the stream starts at the sentence; the stored file is whole and its timings exact', async () => {
    const slug = 'the-last-train-to-veld';
    const n = 2;
    const voice = 'espeak-slow';
    const script = await scriptOf(slug, n);
    const count = script.chunks.length;
    const target = count - 3;
    const k = sentenceInChunk(script, target);

    const watch = watchPieces(slug, n, voice);
    // A listener from the start: the job begins at chunk 0.
    const plain = await stream(`${slug}/${n}?voice=${voice}`);
    expect(plain.headers.get('x-audio-source')).toBe('live');
    const jobId = plain.headers.get('x-audio-job');
    const plainBody = readAll(plain);

    // Another asks for a late sentence while the job is near the start.
    const res = await stream(`${slug}/${n}?voice=${voice}&from=${k}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-audio-source')).toBe('live');
    expect(res.headers.get('x-audio-from')).toBe(String(k));
    expect(res.headers.get('x-audio-job')).toBe(jobId);
    const { bytes } = await readAll(res);
    const whole = (await plainBody).bytes;
    expect((await pollStatus(app, `/api/audio/status/${slug}/${n}?voice=${voice}`, pro, ended)).body.status).toBe('done');
    await watch.stop();

    // The wished chunk was made before the ones between the first few and it.
    const seen = watch.seen;
    expect(seen.size).toBeGreaterThanOrEqual(count - 1);
    const skipped = [...seen.keys()].filter((c) => c < target && seen.get(c)! > seen.get(target)!);
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(watch.after(target - 1, target)).toBe(true);
    expect(watch.after(target - 1, count - 1)).toBe(true);

    const file = await storedBytes(`audio/${slug}/${n}/${voice}.mp3`);
    const row = await storedRow(slug, n, voice);
    // The listener from the start heard the whole file; the one from the sentence, the file's end
    // (the wished chunk's run is the last in the file) from a frame inside the wished chunk's audio.
    expect(whole).toEqual(file);
    const info = mp3Info(bytes);
    expect(info.trailing).toBe(0);
    expect(bytes).toEqual(file.subarray(file.length - bytes.length));
    expect(bytes.length).toBeLessThan(file.length - row.chunks![target]!.byte);
    const sentence = row.sentences![k]!;
    expect(Math.abs(mp3Info(file).duration - info.duration - sentence.start)).toBeLessThan(0.25);

    // The stored file: well formed, every chunk, timings exact. The file holds three runs of one
    // encoder each (0…a, a+1…target-1, target…end, in file order); a chunk's speech starts where its
    // run's frames start plus the fake engine's seconds (0.01 s a character) of the run's chunks before it.
    const fileInfo = mp3Info(file);
    expect(fileInfo.trailing).toBe(0);
    expect(row.chunks).toHaveLength(count);
    const a = Math.max(...[...seen.keys()].filter((c) => c < target && seen.get(c)! < seen.get(target)!));
    const runFirsts = [0, a + 1, target];
    const seconds = script.chunks.map((c) => Math.round(c.text.length * 0.01 * 16_000) / 16_000);
    const timeAt = (byte: number) => mp3Info(file.subarray(0, byte)).duration;
    const starts = seconds.map((_, i) => {
      const first = Math.max(...runFirsts.filter((f) => f <= i));
      return timeAt(row.chunks![first]!.byte) + seconds.slice(first, i).reduce((x, y) => x + y, 0);
    });
    const speech = seconds.reduce((x, y) => x + y, 0);
    expect(fileInfo.duration - speech).toBeGreaterThan(0);
    expect(fileInfo.duration - speech).toBeLessThan(0.6);
    expect(starts[target]!).toBeGreaterThan(starts[target - 1]! + seconds[target - 1]!);
    const expected = sentenceTimings(script, seconds, starts);
    const spoken = spokenSentences(script);
    expect(row.sentences!.map((s) => s.text)).toEqual(spoken.map((s) => s.text));
    row.sentences!.forEach((s, i) => {
      expect(s.start).toBeCloseTo(expected[spoken[i]!.index]!.start, 2);
      expect(s.end).toBeCloseTo(expected[spoken[i]!.index]!.end, 2);
    });
    expect(row.duration_seconds).toBeCloseTo(starts[count - 1]! + seconds[count - 1]!, 2);
  }, 60_000);

  test('a chapter not asked for yet: generation starts at the sentence\'s chunk', async () => {
    const slug = 'the-last-train-to-veld';
    const n = 3;
    const voice = 'espeak-slow';
    const script = await scriptOf(slug, n);
    const target = script.chunks.length - 2;
    const k = sentenceInChunk(script, target);
    const watch = watchPieces(slug, n, voice);
    const res = await stream(`${slug}/${n}?voice=${voice}&from=${k}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-audio-from')).toBe(String(k));
    const { bytes } = await readAll(res);
    expect(mp3Info(bytes).trailing).toBe(0);
    expect((await pollStatus(app, `/api/audio/status/${slug}/${n}?voice=${voice}`, pro, ended)).body.status).toBe('done');
    await watch.stop();
    // The job may have made a chunk or two before the wish reached it (its worker thread starting), no more.
    for (let c = 2; c < target; c++) expect([c, watch.after(c, target)]).toEqual([c, true]);
    const file = await storedBytes(`audio/${slug}/${n}/${voice}.mp3`);
    expect(mp3Info(file).trailing).toBe(0);
    expect(file.length).toBeGreaterThan(bytes.length);
  }, 60_000);
});

describe('from and the free tier', () => {
  test('a stream from a sentence counts its chapter like any GET; HEAD with from counts nothing', async () => {
    const listener = anon('from-limit');
    const slug = 'the-house-on-wren-street';
    for (const n of [1, 2, 3]) {
      const head = await stream(`${slug}/${n}?from=2`, listener, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('x-audio-from')).toBe('2');
      expect(head.headers.get('x-audio-source')).toBe('none');
    }
    for (const n of [1, 2, 3]) {
      const res = await stream(`${slug}/${n}?from=2`, listener);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    expect((await stream(`${slug}/4?from=2`, listener)).status).toBe(402);
    expect((await stream(`${slug}/4?from=2`, listener, 'HEAD')).status).toBe(402);
    const again = await stream(`${slug}/2?from=5`, listener, 'HEAD');
    expect(again.status).toBe(200);
    expect((await stream(`${slug}/4`, listener)).status).toBe(402);
  }, 60_000);
});
