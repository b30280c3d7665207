import { expect } from 'bun:test';
import type { Api, Server } from './client.ts';

const POLL_EVERY_MS = 100;
const READY_WITHIN_MS = 60_000;

/** The player: pick a voice, ask for the chapter's audio, wait for it, then play it by link and by stream. */
export async function listen(api: Api, server: Server, slug: string, chapterNumber: number): Promise<void> {
  const voices = await api.GET('/api/voices');
  if (!voices.data) throw new Error('voices answered no body');
  const voice = voices.data.voices.find((v) => v.engine === 'espeak');
  if (!voice) throw new Error('no eSpeak voice');
  expect(voice.id).toBe('espeak-en-us');

  const started = await api.POST('/api/audio', { body: { slug, chapter: chapterNumber, voice: voice.id } });
  expect(started.response.status).toBe(202);
  if (!started.data) throw new Error('audio answered no body');
  const jobId: string = started.data.job_id;
  expect(['pending', 'generating', 'done']).toContain(started.data.status);

  for (const end = Date.now() + READY_WITHIN_MS; ; await Bun.sleep(POLL_EVERY_MS)) {
    const { data } = await api.GET('/api/audio/status/{slug}/{n}', { params: { path: { slug, n: chapterNumber }, query: { voice: voice.id } } });
    if (!data) throw new Error('status answered no body');
    expect(data.job_id).toBe(jobId);
    if (data.status === 'done') break;
    if (data.status === 'failed') throw new Error(`the audio job failed: ${data.error}`);
    if (Date.now() > end) throw new Error(`the audio job is still ${data.status}`);
  }

  const link = await api.GET('/api/presign/audio', { params: { query: { slug, chapter: chapterNumber, voice: voice.id } } });
  if (!link.data) throw new Error('presign answered no body');
  const file = await server.fetchLink(link.data.url);
  expect(file.status).toBe(200);
  const stored = new Uint8Array(await file.arrayBuffer());
  expect(isMp3(stored)).toBe(true);

  const stream = await api.GET('/api/audio-stream/{slug}/{n}', { params: { path: { slug, n: chapterNumber }, query: { voice: voice.id, format: 'mp3' } }, parseAs: 'arrayBuffer' });
  expect(stream.response.headers.get('content-type')).toBe('audio/mpeg');
  expect(stream.response.headers.get('x-audio-source')).toBe('stored');
  if (!stream.data) throw new Error('the stream answered no bytes');
  expect(new Uint8Array(stream.data)).toEqual(stored);
}

/** An ID3 tag or an MPEG audio frame header. */
function isMp3(bytes: Uint8Array): boolean {
  const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
  const frame = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
  return bytes.length > 1000 && (id3 || frame);
}
