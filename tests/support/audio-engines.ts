import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TtsError, type EngineId, type Pcm, type SpeechEngine, type Voice, type SpeechCatalog } from '../../src/integrations/tts/index.ts';

/**
 * Stand-in speech engines for the audio tests: a tone as long as the text (0.01 s a character at
 * 16 kHz, so a demo chapter is about 30 s), after a delay, or a failure, chosen by the voice.
 * The same catalogue serves the HTTP side (voice checks) and the job's worker thread (synthesis).
 */
export const FAKE_RATE = 16_000;
const SECONDS_PER_CHAR = 0.01;

type Behaviour =
  | { kind: 'ok'; delayMs: number }
  /** TtsError(transient: false): the job fails at once. */
  | { kind: 'broken' }
  /** TtsError(transient: true) on every call: retried until the job runs out of attempts. */
  | { kind: 'down' }
  /** The first call ever (per marker directory) fails transiently, then all is well. */
  | { kind: 'flaky' }
  /** The first call ever exits the worker thread (a dying worker), then all is well. */
  | { kind: 'crash-once' };

interface FakeVoice extends Voice {
  behaviour: Behaviour;
  /** Samples a second (FAKE_RATE unless said). */
  rate?: number;
  /** Every text it is given is written down (SPOKEN_LOG). */
  records?: boolean;
  /** Seconds of speech a character (SECONDS_PER_CHAR unless said). */
  pace?: number;
}

const voice = (id: string, name: string, engine: EngineId, behaviour: Behaviour): FakeVoice => ({ id, name, engine, language: 'en-US', behaviour });

export const FAKE_VOICES: readonly FakeVoice[] = [
  voice('espeak-en-us', 'English (US)', 'espeak', { kind: 'ok', delayMs: 20 }),
  voice('espeak-slow', 'Slow (test)', 'espeak', { kind: 'ok', delayMs: 250 }),
  voice('espeak-broken', 'Broken (test)', 'espeak', { kind: 'broken' }),
  voice('espeak-down', 'Down (test)', 'espeak', { kind: 'down' }),
  voice('espeak-flaky', 'Flaky (test)', 'espeak', { kind: 'flaky' }),
  voice('espeak-crash', 'Crashing once (test)', 'espeak', { kind: 'crash-once' }),
  voice('flite-kal', 'Kal (test)', 'flite', { kind: 'ok', delayMs: 20 }),
];

/**
 * Voices for the dialogue tests: known to their engine and accepted everywhere, but not listed by
 * GET /api/voices (like an OpenAI-compatible server's voices while it cannot be asked), so that the
 * lists other tests expect stay as they are. The two English ones write down what they are given
 * (the worker runs in another thread: a file, read with spokenBy); the dialogue one has another
 * sample rate than the main one (its audio is resampled) and speaks half as fast (0.02 s a character).
 */
export const UNLISTED_VOICES: readonly FakeVoice[] = [
  { id: 'espeak-en-gb', name: 'English (UK, test)', engine: 'espeak', language: 'en-GB', behaviour: { kind: 'ok', delayMs: 5 }, records: true },
  { id: 'flite-awb', name: 'Awb (test)', engine: 'flite', language: 'en-GB', behaviour: { kind: 'ok', delayMs: 5 }, records: true, rate: 22_050, pace: 0.02 },
  { id: 'espeak-pt-br', name: 'Portuguese (test)', engine: 'espeak', language: 'pt-BR', behaviour: { kind: 'ok', delayMs: 5 } },
];
const ALL_VOICES = [...FAKE_VOICES, ...UNLISTED_VOICES];

/** Shared by every thread and test process; a test finds its own lines by a word only its chapter has. */
const SPOKEN_LOG = join(tmpdir(), 'chapterhouse-fake-speech.jsonl');

/** What the recording voices were given, in order, of the calls whose text contains `marker`. */
export async function spokenBy(marker: string): Promise<{ voice: string; text: string }[]> {
  const file = Bun.file(SPOKEN_LOG);
  if (!(await file.exists())) return [];
  return (await file.text())
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => JSON.parse(line) as { voice: string; text: string });
}

export function tone(text: string, rate = FAKE_RATE, pace = SECONDS_PER_CHAR): Pcm {
  const samples = new Int16Array(Math.max(1, Math.round(text.length * pace * rate)));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  return { sampleRate: rate, samples };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** True the first time a marker is claimed in this directory (shared by every thread and process). */
function firstTime(markerDir: string, name: string): boolean {
  const path = join(markerDir, name);
  if (existsSync(path)) return false;
  writeFileSync(path, '1');
  return true;
}

function fakeEngine(id: EngineId, markerDir: string): SpeechEngine {
  const voices = ALL_VOICES.filter((v) => v.engine === id);
  return {
    id,
    format: id === 'flite' ? 'wav' : 'mp3',
    backend: `fake ${id}`,
    available: async () => true,
    voices: async () => voices.map(({ id, name, engine, language }) => ({ id, name, engine, language })),
    async synthesize(text, voiceId, { signal } = {}) {
      const voice = voices.find((v) => v.id === voiceId);
      const behaviour = voice?.behaviour;
      if (!behaviour) throw new TtsError(`unknown voice ${voiceId}`, false, id);
      if (voice.records) appendFileSync(SPOKEN_LOG, `${JSON.stringify({ voice: voiceId, text })}\n`);
      switch (behaviour.kind) {
        case 'broken':
          throw new TtsError('the fake engine refuses this text', false, id);
        case 'down':
          throw new TtsError('the fake engine is down', true, id);
        case 'flaky':
          if (firstTime(markerDir, 'flaky')) throw new TtsError('the fake engine hiccuped', true, id);
          break;
        case 'crash-once':
          if (firstTime(markerDir, 'crash')) process.exit(3);
          break;
        case 'ok':
          await sleep(behaviour.delayMs, signal);
      }
      return tone(text, voice.rate, voice.pace);
    },
  };
}

/** `markerDir`: where flaky and crash-once voices remember that they already failed. */
export function fakeSpeech(markerDir: string): SpeechCatalog {
  const engines = new Map<EngineId, SpeechEngine>([['espeak', fakeEngine('espeak', markerDir)], ['flite', fakeEngine('flite', markerDir)]]);
  return {
    async listVoices() {
      return FAKE_VOICES.map(({ id, name, engine, language }) => ({ id, name, engine, language }));
    },
    async engineOfVoice(voiceId) {
      const found = ALL_VOICES.find((v) => v.id === voiceId);
      return found ? engines.get(found.engine)! : null;
    },
  };
}
