import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleKey, SAMPLES_PREFIX } from '../../src/features/audio/samples/keys.ts';
import { sampleSentence } from '../../src/features/audio/samples/text.ts';
import { createVoiceSamplesJob, type VoiceSamplesResult } from '../../src/features/audio/samples/job.ts';
import { voicesWithoutSample } from '../../src/features/audio/samples/service.ts';
import { mp3Info, parseWav, type SpeechCatalog } from '../../src/integrations/tts/index.ts';
import { checkOfferedVoice, effectiveVoice } from '../../src/features/settings/voices.ts';
import { DEFAULT_VOICE } from '../../src/features/settings/model.ts';
import type { JobContext } from '../../src/platform/queue/index.ts';
import { validateKey } from '../../src/platform/objects/keys.ts';
import { silentLogger, type Fields, type Logger } from '../../src/platform/log.ts';
import { createFsTestStore, type TestObjectStore } from '../support/objects.ts';
import { FAKE_VOICES, fakeSpeech } from '../support/audio-engines.ts';

describe('keys and sentences', () => {
  test('voice-samples/<voice>.<format>, with ":" stored as "~" like the audio keys', () => {
    expect(sampleKey('espeak-en-us', 'mp3')).toBe('voice-samples/espeak-en-us.mp3');
    expect(sampleKey('flite-slt', 'wav')).toBe('voice-samples/flite-slt.wav');
    expect(sampleKey('kokoro:af_bella', 'mp3')).toBe('voice-samples/kokoro~af_bella.mp3');
    expect(validateKey(sampleKey('kokoro:af_bella', 'mp3'))).toBeTruthy();
    expect(sampleKey('a', 'mp3').startsWith(SAMPLES_PREFIX)).toBe(true);
  });

  test('a sentence in the voice’s language for en, pt, es, fr, id; English otherwise', () => {
    const en = sampleSentence('en-US');
    expect(en.locale).toBe('en');
    expect(sampleSentence('en-GB').text).toBe(en.text);
    const others = ['pt-BR', 'pt-PT', 'es-ES', 'es-419', 'fr-FR', 'id-ID'].map(sampleSentence);
    expect(others.map((s) => s.locale)).toEqual(['pt', 'pt', 'es', 'es', 'fr', 'id']);
    for (const s of others) expect(s.text).not.toBe(en.text);
    expect(new Set(others.map((s) => s.text)).size).toBe(4);
    expect(sampleSentence('de-DE')).toEqual(en);
    expect(sampleSentence('und')).toEqual(en);
  });
});

/** A catalogue of some of the fake voices (never the one that exits its thread: this is the test's own). */
function catalogOf(ids: string[], dir: string): SpeechCatalog {
  const base = fakeSpeech(dir);
  return {
    listVoices: async () => (await base.listVoices()).filter((v) => ids.includes(v.id)),
    engineOfVoice: async (id) => (ids.includes(id) ? base.engineOfVoice(id) : null),
  };
}

function recordingLog(lines: Array<{ msg: string; fields?: Fields }>): Logger {
  const log = (msg: string, fields?: Fields) => void lines.push({ msg, fields });
  return { debug: log, info: log, warn: log, error: log, child: () => recordingLog(lines) };
}

const ctx = (log: Logger = silentLogger, signal = new AbortController().signal) => ({ jobId: 'j1', kind: 'audio.voice-samples', attempt: 1, maxAttempts: 3, owner: 'o', signal, progress: () => {}, log }) as unknown as JobContext;

describe('the voice-samples job body', () => {
  let store: TestObjectStore & { root: string };
  let dir: string;
  beforeAll(async () => {
    store = await createFsTestStore();
    dir = mkdtempSync(join(tmpdir(), 'samples-unit-'));
  });
  afterAll(async () => {
    await store.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = ['espeak-en-us', 'espeak-broken', 'flite-kal'];
  const run = (payload: { force: boolean }, log?: Logger) =>
    createVoiceSamplesJob({ speech: catalogOf(ids, dir), objects: async () => store.store, chunkRetryDelaysMs: [1] })(payload, ctx(log)) as Promise<VoiceSamplesResult>;

  test('stores a playable clip per voice with type and duration; a failing engine is logged and skipped', async () => {
    const lines: Array<{ msg: string; fields?: Fields }> = [];
    const result = await run({ force: false }, recordingLog(lines));
    expect(result).toEqual({ stored: ['espeak-en-us', 'flite-kal'], skipped: [], failed: ['espeak-broken'] });
    expect(lines.find((l) => l.msg.startsWith('voice sample failed'))?.fields).toMatchObject({ voice: 'espeak-broken', engine: 'espeak' });

    const mp3 = await store.store.get('voice-samples/espeak-en-us.mp3');
    expect(mp3).toMatchObject({ contentType: 'audio/mpeg', metadata: { voice: 'espeak-en-us', engine: 'espeak' } });
    const mp3Bytes = new Uint8Array(await new Response(mp3!.body).arrayBuffer());
    const seconds = sampleSentence('en-US').text.length * 0.01; // the fake engine's tone lasts 0.01 s a character
    expect(Number(mp3!.metadata.duration)).toBeCloseTo(seconds, 1);
    expect(mp3Info(mp3Bytes).duration).toBeGreaterThan(seconds - 0.1);

    const wav = await store.store.get('voice-samples/flite-kal.wav');
    expect(wav?.contentType).toBe('audio/wav');
    const wavBytes = new Uint8Array(await new Response(wav!.body).arrayBuffer());
    const view = new DataView(wavBytes.buffer);
    // The real sizes, not the streaming placeholder: players show the length at once.
    expect(view.getUint32(4, true)).toBe(wavBytes.length - 8);
    expect(view.getUint32(40, true)).toBe(wavBytes.length - 44);
    expect(parseWav(wavBytes).samples.length / 16_000).toBeCloseTo(Number(wav!.metadata.duration), 2);
    expect(await store.store.head('voice-samples/espeak-broken.mp3')).toBeNull();
  });

  test('a second run skips stored samples; force makes them again', async () => {
    const before = (await store.store.head('voice-samples/espeak-en-us.mp3'))!.lastModified;
    expect(await run({ force: false })).toEqual({ stored: [], skipped: ['espeak-en-us', 'flite-kal'], failed: ['espeak-broken'] });
    await Bun.sleep(1100); // file times have second resolution on some filesystems
    expect(await run({ force: true })).toEqual({ stored: ['espeak-en-us', 'flite-kal'], skipped: [], failed: ['espeak-broken'] });
    expect((await store.store.head('voice-samples/espeak-en-us.mp3'))!.lastModified.getTime()).toBeGreaterThan(before.getTime());
  });

  test('voicesWithoutSample names the voices still missing one', async () => {
    expect(await voicesWithoutSample({ objects: store.store, speech: catalogOf(ids, dir) })).toEqual(['espeak-broken']);
    expect(await voicesWithoutSample({ objects: store.store, speech: catalogOf(['espeak-en-us', 'flite-kal'], dir) })).toEqual([]);
    expect(await voicesWithoutSample({ objects: store.store, speech: catalogOf(['espeak-slow', 'flite-kal'], dir) })).toEqual(['espeak-slow']);
  });

  test('a cancelled run stops between voices', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const body = createVoiceSamplesJob({ speech: catalogOf(ids, dir), objects: async () => store.store });
    await expect(body({ force: true }, ctx(silentLogger, controller.signal))).rejects.toThrow('cancelled');
  });
});

describe('the voice setting follows the offered voices', () => {
  const dir = mkdtempSync(join(tmpdir(), 'samples-voices-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the default is the first offered voice, whichever it is', async () => {
    expect(await effectiveVoice(catalogOf(['flite-kal', 'espeak-en-us'], dir), null)).toBe('espeak-en-us'); // the catalogue's order
    const fliteFirst: SpeechCatalog = { listVoices: async () => FAKE_VOICES.filter((v) => v.engine === 'flite'), engineOfVoice: fakeSpeech(dir).engineOfVoice };
    expect(await effectiveVoice(fliteFirst, undefined)).toBe('flite-kal');
  });

  test('a stored voice stays while offered, and reads as the default once it is not', async () => {
    const speech = catalogOf(['espeak-en-us', 'flite-kal'], dir);
    expect(await effectiveVoice(speech, 'flite-kal')).toBe('flite-kal');
    expect(await effectiveVoice(speech, 'espeak-slow')).toBe('espeak-en-us');
    expect(await effectiveVoice(catalogOf([], dir), 'flite-kal')).toBe(DEFAULT_VOICE); // no engine at all
  });

  test('only offered voices may be chosen', async () => {
    const speech = catalogOf(['espeak-en-us', 'flite-kal'], dir);
    await expect(checkOfferedVoice(speech, 'flite-kal')).resolves.toBeUndefined();
    await expect(checkOfferedVoice(speech, undefined)).resolves.toBeUndefined();
    await expect(checkOfferedVoice(speech, 'flite-slt')).rejects.toMatchObject({ status: 400, message: 'voice must be one of the voices of GET /api/voices' });
  });
});
