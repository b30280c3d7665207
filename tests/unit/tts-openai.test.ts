import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createOpenAiEngine, openAiBaseUrl } from '../../src/integrations/tts/openai.ts';
import { TtsError } from '../../src/integrations/tts/port.ts';
import { freePort } from '../support/processes.ts';
import { rms, seconds } from '../support/tts-audio.ts';
import { startSpeechServer, type SpeechServer } from '../support/tts-openai-server.ts';

let server: SpeechServer;
beforeAll(async () => {
  server = await startSpeechServer({ apiKey: 'sk-test-key' });
});
afterAll(() => server.stop());

const engine = (options: Partial<Parameters<typeof createOpenAiEngine>[0]> = {}) =>
  createOpenAiEngine({ url: server.url, key: 'sk-test-key', model: 'kokoro', timeoutMs: 5000, ...options });

async function failure(promise: Promise<unknown>): Promise<TtsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TtsError);
  return error as TtsError;
}

describe('OpenAI-compatible speech engine', () => {
  test('speaks through the server: a WAV as Kokoro streams it (sizes 0, a LIST chunk) at its rate, asked for at speed 1.0 with the key', async () => {
    const pcm = await engine().synthesize('The lighthouse keeper wrote a letter every night.', 'openai-bf_emma');
    expect(pcm.sampleRate).toBe(24000);
    expect(seconds(pcm)).toBeGreaterThan(1.5);
    expect(seconds(pcm)).toBeLessThan(6);
    expect(rms(pcm.samples)).toBeGreaterThan(500);
    expect(server.requests.at(-1)).toEqual({ model: 'kokoro', input: 'The lighthouse keeper wrote a letter every night.', voice: 'bf_emma', response_format: 'wav', speed: 1 });
  });

  test('5xx, 429 and 408 are transient; the status and the server\'s words are kept', async () => {
    for (const status of [500, 502, 503, 429, 408]) {
      server.failNext(status, '{"detail":"model is loading"}');
      const error = await failure(engine().synthesize('Hello.', 'openai-af_bella'));
      expect([error.transient, error.status, error.engine]).toEqual([true, status, 'openai']);
      expect(error.message).toBe(`speech server answered ${status}: {"detail":"model is loading"}`);
    }
  });

  test('other 4xx answers are permanent: an unknown voice, a wrong key', async () => {
    const unknown = await failure(engine().synthesize('Hello.', 'openai-nobody'));
    expect([unknown.transient, unknown.status]).toEqual([false, 400]);
    expect(unknown.message).toContain("Voice 'nobody' not found");
    const wrongKey = await failure(engine({ key: 'sk-wrong' }).synthesize('Hello.', 'openai-af_bella'));
    expect([wrongKey.transient, wrongKey.status]).toEqual([false, 401]);
  });

  test('a slow server times out (transient)', async () => {
    server.delayNext(3000);
    const started = performance.now();
    const error = await failure(engine({ timeoutMs: 300 }).synthesize('Hello.', 'openai-af_bella'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect([error.transient, error.message]).toEqual([true, 'speech server timed out after 300 ms']);
  });

  test('an unreachable server is transient', async () => {
    const error = await failure(engine({ url: `http://127.0.0.1:${await freePort()}` }).synthesize('Hello.', 'openai-af_bella'));
    expect(error.transient).toBe(true);
    expect(error.message).toStartWith('speech server unreachable');
  });

  test('audio that is not WAV is permanent', async () => {
    server.failNext(200, '{"not":"audio"}');
    const error = await failure(engine().synthesize('Hello.', 'openai-af_bella'));
    expect([error.transient, error.message]).toEqual([false, 'speech server sent no usable WAV: not a WAV file']);
  });

  test('aborting rejects with the abort reason, not a TtsError', async () => {
    server.delayNext(3000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('job cancelled', 'AbortError')), 100);
    const error = await engine()
      .synthesize('Hello.', 'openai-af_bella', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TtsError);
    expect((error as DOMException).message).toBe('job cancelled');
  });

  test('voices: listed by the server, asked again after the TTL, none while it is down', async () => {
    const own = await startSpeechServer({ voices: ['af_bella'] });
    const tts = createOpenAiEngine({ url: own.url, voicesTtlMs: 0, timeoutMs: 1000 });
    expect((await tts.voices()).map((v) => v.id)).toEqual(['openai-af_bella']);
    expect(await tts.available()).toBe(true);
    await own.stop();
    // Down: nothing listed, and whether a voice is the server's cannot be known (the registry keeps routing to it).
    expect(await tts.voices()).toEqual([]);
    expect(await tts.available()).toBe(false);
    expect(await tts.knowsVoice('openai-af_bella')).toBeNull();
  });

  test('the base URL takes /v1 when it has no version', () => {
    expect(openAiBaseUrl('http://kokoro:8880')).toBe('http://kokoro:8880/v1');
    expect(openAiBaseUrl('http://kokoro:8880/v1/')).toBe('http://kokoro:8880/v1');
    expect(openAiBaseUrl('https://example.com/api/v1')).toBe('https://example.com/api/v1');
  });
});
