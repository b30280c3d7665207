import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';

/**
 * The player's audio source (public/js/player/source.js) with the listener's dialogue voice: every
 * URL and body names it beside the voice; a refusal (400) drops it before the voice.
 */
type Answer = { status: number; ok: boolean; data: unknown };
type Source = {
  setVoice(id: string | null): void;
  setDialogueVoice(id: string | null): void;
  request(): Promise<{ status: number }>;
  streamUrl(from?: number): string;
  timings(estimate: boolean): Promise<unknown>;
};

function loadSource(search: string, answer: (method: string, url: string, body: unknown) => Answer) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const ns: Record<string, unknown> = {
    json: (method: string, url: string, body: unknown) => {
      calls.push({ method, url, body });
      return Promise.resolve(answer(method, url, body));
    },
  };
  const window = { ChapterhousePlayer: ns };
  new Function('window', 'location', readFileSync(new URL('../../public/js/player/source.js', import.meta.url), 'utf8'))(window, { search });
  const create = ns.createAudioSource as (slug: string, chapter: number, events: object) => Source;
  return { source: create('a-book', 3, { onStored() {}, onFailed() {} }), calls };
}

const accepted = (): Answer => ({ status: 202, ok: true, data: { job_id: 'j', status: 'pending' } });

describe('the dialogue voice in the player\'s requests', () => {
  test('named in the job request, the stream and the timings, after the voice', async () => {
    const { source, calls } = loadSource('', accepted);
    source.setVoice('espeak-en-us');
    source.setDialogueVoice('espeak-en-gb');
    await source.request();
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/audio', body: { slug: 'a-book', chapter: 3, voice: 'espeak-en-us', dialogue_voice: 'espeak-en-gb' } });
    expect(source.streamUrl(4)).toBe('/api/audio-stream/a-book/3?voice=espeak-en-us&dialogue_voice=espeak-en-gb&from=4');
    await source.timings(true);
    expect(calls[1]!.url).toBe('/api/audio/timings/a-book/3?voice=espeak-en-us&dialogue_voice=espeak-en-gb&estimate=1');
  });

  test('off: the requests are what they were', async () => {
    const { source, calls } = loadSource('', accepted);
    source.setVoice('espeak-en-us');
    source.setDialogueVoice(null);
    await source.request();
    expect(calls[0]!.body).toEqual({ slug: 'a-book', chapter: 3, voice: 'espeak-en-us' });
    expect(source.streamUrl()).toBe('/api/audio-stream/a-book/3?voice=espeak-en-us');
  });

  test('a refused dialogue voice is dropped and the voice kept', async () => {
    const { source, calls } = loadSource('', (_method, _url, body) => ((body as { dialogue_voice?: string }).dialogue_voice ? { status: 400, ok: false, data: { message: 'no' } } : accepted()));
    source.setVoice('espeak-en-us');
    source.setDialogueVoice('espeak-pt-br');
    expect((await source.request()).status).toBe(202);
    expect(calls.map((call) => call.body)).toEqual([
      { slug: 'a-book', chapter: 3, voice: 'espeak-en-us', dialogue_voice: 'espeak-pt-br' },
      { slug: 'a-book', chapter: 3, voice: 'espeak-en-us' },
    ]);
    expect(source.streamUrl()).toBe('/api/audio-stream/a-book/3?voice=espeak-en-us');
  });

  test('a translated page names neither voice', async () => {
    const { source } = loadSource('?locale=fr', accepted);
    source.setVoice('espeak-en-us');
    source.setDialogueVoice('espeak-en-gb');
    expect(source.streamUrl()).toBe('/api/audio-stream/a-book/3?locale=fr');
  });
});
