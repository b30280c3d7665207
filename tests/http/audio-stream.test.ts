import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mp3Info } from '../../src/integrations/tts/index.ts';
import { anon, audioCall, ended, pollStatus, readAll, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';

/** GET|HEAD /api/audio-stream/{slug}/{n}: live while generating, the stored object with Range after. */
let app: AudioTestApp;
let who: Who;
beforeAll(async () => {
  // The contract's daily limit holds on a site that takes payments (decisions.md).
  app = await startAudioApp({ env: PAYMENTS_CONFIGURED_ENV });
  who = { cookie: (await loginAs(app, 'as-listener', { role: 'pro' })).cookie };
}, 30_000);
afterAll(() => app.close(), 30_000);

const stream = (path: string, headers: Record<string, string> = {}, method = 'GET') => audioCall(app, method, `/api/audio-stream/${path}`, who, undefined, headers);
const stored = async (key: string) => new Uint8Array(await new Response((await app.platform.objects.get(key))!.body).arrayBuffer());
const statusOf = (slug: string, n: number, voice: string) => pollStatus(app, `/api/audio/status/${slug}/${n}?voice=${voice}`, who, () => true);
/** The stream ends with the chapter's last piece; the job stores the whole file a moment later. */
const storedWhenDone = async (slug: string, n: number, voice: string, format = 'mp3') => {
  expect((await pollStatus(app, `/api/audio/status/${slug}/${n}?voice=${voice}`, who, ended)).body.status).toBe('done');
  return stored(`audio/${slug}/${n}/${voice}.${format}`);
};

describe('while the audio is generated', () => {
  test('a chapter never generated streams at once: first bytes before the job is done, all bytes = the stored file', async () => {
    const since = performance.now();
    const res = await stream('ashes-of-the-dragon-throne/20?voice=espeak-slow');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('x-audio-source')).toBe('live');
    expect(res.headers.get('content-length')).toBeNull(); // chunked
    const reader = res.body!.getReader();
    const first = await reader.read();
    const firstByteMs = performance.now() - since;
    expect(first.value!.length).toBeGreaterThan(0);
    // The engine takes 250 ms a chunk: the chapter is far from done when its first bytes arrive.
    expect((await statusOf('ashes-of-the-dragon-throne', 20, 'espeak-slow')).body.status).toBe('generating');
    const parts = [first.value!];
    for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
    const bytes = new Uint8Array(Buffer.concat(parts));
    console.log(`audio stream: first bytes after ${Math.round(firstByteMs)} ms (cold worker thread, slow engine), ${parts.length} pieces, ${bytes.length} bytes`);
    expect(firstByteMs).toBeLessThan(2000);
    expect(bytes).toEqual(await storedWhenDone('ashes-of-the-dragon-throne', 20, 'espeak-slow'));
    const info = mp3Info(bytes);
    expect(info.trailing).toBe(0);
    expect(info.frames).toBeGreaterThan(100);
  });

  test('with a warm worker, first bytes come well within a second', async () => {
    const since = performance.now();
    const res = await stream('ashes-of-the-dragon-throne/21');
    const { bytes, firstByteMs } = await readAll(res, since);
    console.log(`audio stream: first bytes after ${Math.round(firstByteMs!)} ms (warm worker thread, default voice)`);
    expect(firstByteMs!).toBeLessThan(1000);
    expect(bytes).toEqual(await storedWhenDone('ashes-of-the-dragon-throne', 21, 'espeak-en-us'));
  });

  test('listeners at the start and joining midway all get the whole audio, from one job', async () => {
    const a = stream('ashes-of-the-dragon-throne/22?voice=espeak-slow').then((r) => readAll(r));
    await Bun.sleep(900);
    const b = stream('ashes-of-the-dragon-throne/22?voice=espeak-slow').then((r) => readAll(r));
    const [x, y] = await Promise.all([a, b]);
    expect(x.bytes.length).toBeGreaterThan(50_000);
    expect(y.bytes).toEqual(x.bytes);
    expect(x.bytes).toEqual(await storedWhenDone('ashes-of-the-dragon-throne', 22, 'espeak-slow'));
    const jobs = await app.platform.db.selectFrom('audio_jobs').select('id').where('slug', '=', 'ashes-of-the-dragon-throne').where('chapter', '=', 22).execute();
    expect(jobs).toHaveLength(1);
  });

  test('a WAV voice streams a header of unknown length first; the stored file has the real one', async () => {
    const res = await stream('ashes-of-the-dragon-throne/23?voice=flite-kal&format=wav');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const { bytes } = await readAll(res);
    const live = new DataView(bytes.buffer);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF');
    expect(live.getUint32(40, true)).toBe(0xffffffff);
    const file = await storedWhenDone('ashes-of-the-dragon-throne', 23, 'flite-kal', 'wav');
    const view = new DataView(file.buffer);
    expect(file.length).toBe(bytes.length);
    expect(view.getUint32(40, true)).toBe(file.length - 44);
    expect(view.getUint32(4, true)).toBe(file.length - 8);
    expect(file.subarray(44)).toEqual(bytes.subarray(44));
    // Once stored, the WAV is served with its length.
    const again = await stream('ashes-of-the-dragon-throne/23?voice=flite-kal');
    expect(again.headers.get('content-length')).toBe(String(file.length));
    expect((await readAll(again)).bytes).toEqual(file);
  });
});

describe('once stored', () => {
  let size = 0;
  let file: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    await audioCall(app, 'POST', '/api/audio', who, { slug: 'the-cartographers-daughter', chapter: 1 });
    await pollStatus(app, '/api/audio/status/the-cartographers-daughter/1', who, ended);
    file = await stored('audio/the-cartographers-daughter/1/espeak-en-us.mp3');
    size = file.length;
  });

  test('GET serves the object with its length and Accept-Ranges', async () => {
    const res = await stream('the-cartographers-daughter/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-audio-source')).toBe('stored');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Number(res.headers.get('x-audio-duration'))).toBeGreaterThan(10);
    expect((await readAll(res)).bytes).toEqual(file);
  });

  test('Range requests: 206 with Content-Range and Content-Length; 416 past the end', async () => {
    const cases: [string, number, number][] = [['bytes=0-99', 0, 99], ['bytes=100-', 100, size - 1], ['bytes=-50', size - 50, size - 1], [`bytes=10-${size + 500}`, 10, size - 1]];
    for (const [range, start, end] of cases) {
      const res = await stream('the-cartographers-daughter/1', { range });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect((await readAll(res)).bytes).toEqual(file.subarray(start, end + 1));
    }
    const past = await stream('the-cartographers-daughter/1', { range: `bytes=${size + 10}-${size + 20}` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(await past.json()).toEqual({ error: 'range_not_satisfiable', message: 'Range not satisfiable' });
    // Open-ended from the end (a player resuming at the last byte) and a zero-byte suffix select nothing either.
    for (const range of [`bytes=${size}-`, `bytes=${size + 1}-`, 'bytes=-0']) {
      const none = await stream('the-cartographers-daughter/1', { range });
      expect([range, none.status, none.headers.get('content-range')]).toEqual([range, 416, `bytes */${size}`]);
      await none.text();
    }
    // A range that is not bytes is ignored (RFC 9110): the whole file.
    const other = await stream('the-cartographers-daughter/1', { range: 'items=1-2' });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-length')).toBe(String(size));
  });

  test('HEAD of a stored chapter: 200 with the length, no body', async () => {
    const res = await stream('the-cartographers-daughter/1', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(await res.text()).toBe('');
  });
});

describe('refusals', () => {
  test('HEAD of a chapter not generated is 200 and starts nothing', async () => {
    const res = await stream('the-cartographers-daughter/5', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-audio-source')).toBe('none');
    const jobs = await app.platform.db.selectFrom('audio_jobs').select('id').where('slug', '=', 'the-cartographers-daughter').where('chapter', '=', 5).execute();
    expect(jobs).toEqual([]);
  });

  test('format must match the voice; unknown voice 400; unknown book or chapter 404; bad n 400', async () => {
    let res = await stream('the-cartographers-daughter/1?format=wav');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'format wav is not available for voice espeak-en-us: its audio is mp3' });
    res = await stream('the-cartographers-daughter/1?format=ogg');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('format must be mp3 or wav');
    expect((await stream('the-cartographers-daughter/1?format=mp3')).status).toBe(200);
    res = await stream('the-cartographers-daughter/1?voice=nobody-speaks');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Unknown voice: nobody-speaks (GET /api/voices lists the voices)' });
    res = await stream('no-such-book/1');
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    for (const method of ['GET', 'HEAD']) expect((await stream('the-cartographers-daughter/99', {}, method)).status).toBe(404);
    res = await stream('the-cartographers-daughter/0');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'n must be a chapter number (a whole number of at least 1)' });
  });

  test('an anonymous listener is limited like everyone on the free tier', async () => {
    const listener = anon('stream-limit');
    for (const n of [1, 2, 3]) expect((await audioCall(app, 'HEAD', `/api/audio-stream/the-accidental-dark-lord/${n}`, listener)).status).toBe(200);
    const counted = await Promise.all([1, 2, 3].map((n) => audioCall(app, 'GET', `/api/audio-stream/the-accidental-dark-lord/${n}`, listener).then((r) => (r.body?.cancel(), r.status))));
    expect(counted).toEqual([200, 200, 200]);
    expect((await audioCall(app, 'GET', '/api/audio-stream/the-accidental-dark-lord/4', listener)).status).toBe(402);
    expect((await audioCall(app, 'HEAD', '/api/audio-stream/the-accidental-dark-lord/4', listener)).status).toBe(402);
    expect((await audioCall(app, 'HEAD', '/api/audio-stream/the-accidental-dark-lord/2', listener)).status).toBe(200);
  });
});
