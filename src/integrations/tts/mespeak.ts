import { createRequire } from 'node:module';
import { ESPEAK_VOICES, ESPEAK_WPM, publicVoice, type EspeakVoice } from './espeak-voices.ts';
import { TtsError, type Pcm, type SpeechEngine, type SynthesizeOptions, type Voice } from './port.ts';
import { parseWav } from './wav.ts';

/**
 * eSpeak in-process through the `mespeak` package (eSpeak 1.x compiled to JavaScript), for
 * machines without the espeak-ng program: a fresh `npm install` can already speak. About
 * 200× real time once warm; the first call pays ~0.3 s of JIT warm-up.
 *
 * We drive its emscripten module (ESpeak.js) directly instead of the package's wrapper: each
 * run leaks the dictionaries into the 50 MB emscripten heap, and around the 80th run the wrapper
 * reads garbage ("Bad data: en_dict") and then runs out of memory. A fresh module every
 * RUNS_PER_INSTANCE runs costs about 1 ms once the code is compiled, so we start one in time.
 */
const RUNS_PER_INSTANCE = 40;
const DATA_DIR = '/espeak/espeak-data';
const CONFIG_FILES = ['config', 'phontab', 'phonindex', 'phondata', 'intonations'] as const;

interface EmscriptenFs {
  findObject(path: string): unknown;
  createPath(parent: string, path: string, canRead: boolean, canWrite: boolean): void;
  createDataFile(parent: string, name: string, data: Uint8Array, canRead: boolean, canWrite: boolean): void;
  root: { write: boolean; contents: Record<string, { contents: number[] } | undefined> };
}
interface ESpeakModule {
  Module: { arguments: string[] };
  FS: EmscriptenFs;
  run(): void;
}
type VoiceFile = { voice_id: string; dict_id?: string; dict?: string; voice: string; voice_encoding?: string };

const require = createRequire(import.meta.url);
const base64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** Files every instance gets (config, then each voice used so far), decoded once per process. */
const files: [dir: string, name: string, data: Uint8Array][] = [];
const loadedVoices = new Map<string, string>(); // mespeak path → eSpeak voice id
let instance: ESpeakModule | null = null;
let runs = 0;
let garbage = 0;

function freshInstance(): ESpeakModule {
  const ESpeak = require('mespeak/src/ESpeak.js') as new () => ESpeakModule;
  if (!files.length) {
    const config = require('mespeak/src/mespeak_config.json') as Record<(typeof CONFIG_FILES)[number], string>;
    for (const name of CONFIG_FILES) files.push([DATA_DIR, name, base64(config[name])]);
  }
  const next = new ESpeak();
  for (const [dir, name, data] of files) addFile(next, dir, name, data);
  next.FS.root.write = true; // the run writes wav.wav at the root
  return next;
}

function addFile(target: ESpeakModule, dir: string, name: string, data: Uint8Array): void {
  if (!target.FS.findObject(dir)) target.FS.createPath('/', dir.slice(1), true, true);
  if (!target.FS.findObject(`${dir}/${name}`)) target.FS.createDataFile(dir, name, data, true, false);
}

function voiceIdFor(target: ESpeakModule, path: string): string {
  let id = loadedVoices.get(path);
  if (!id) {
    const voice = require(`mespeak/${path}`) as VoiceFile;
    const parts = voice.voice_id.split('/');
    const added: typeof files = [[`${DATA_DIR}/voices${parts.length > 1 ? `/${parts.slice(0, -1).join('/')}` : ''}`, parts.at(-1)!, voice.voice_encoding === 'text' ? new TextEncoder().encode(voice.voice) : base64(voice.voice)]];
    if (voice.dict_id && voice.dict && !files.some(([, name]) => name === voice.dict_id)) added.push([DATA_DIR, voice.dict_id, base64(voice.dict)]);
    files.push(...added);
    id = voice.voice_id;
    loadedVoices.set(path, id);
  }
  for (const [dir, name, data] of files) addFile(target, dir, name, data);
  return id;
}

/** One run of the eSpeak main(): the WAV it wrote. */
function speak(text: string, path: string): Uint8Array {
  if (!instance || runs >= RUNS_PER_INSTANCE) {
    instance = freshInstance();
    runs = 0;
  }
  runs++;
  const target = instance;
  const voiceId = voiceIdFor(target, path);
  // The leading space keeps a text that starts with "-" from being read as an option.
  target.Module.arguments = ['-w', 'wav.wav', '-a', '100', '-g', '0', '-p', '50', '-s', String(ESPEAK_WPM), '-b', '1', '-v', voiceId, '--path=/espeak', ` ${text}`];
  target.run();
  const file = target.FS.root.contents['wav.wav'];
  if (!file) throw new Error('no output file');
  const wav = Uint8Array.from(file.contents, (byte) => byte & 0xff);
  file.contents.length = 0;
  // The emscripten file system grows plain JS arrays (8+ bytes per byte of audio): left to the
  // collector's own pace a chapter's garbage reaches several hundred MB; collected after each
  // megabyte of audio (about a full chunk) the worker stays near 170 MB, for ~10% more time.
  garbage += wav.length;
  if (garbage > 1024 * 1024) {
    Bun.gc(true);
    garbage = 0;
  }
  return wav;
}

const offered = ESPEAK_VOICES.filter((v): v is EspeakVoice & { mespeak: string } => v.mespeak !== null);

export function createMespeakEngine(): SpeechEngine {
  return {
    id: 'espeak',
    format: 'mp3',
    backend: 'mespeak (in-process)',
    async available() {
      try {
        require.resolve('mespeak/src/ESpeak.js');
        return true;
      } catch {
        return false;
      }
    },
    async voices(): Promise<Voice[]> {
      return offered.map(publicVoice);
    },
    async synthesize(text: string, voiceId: string, { signal }: SynthesizeOptions = {}): Promise<Pcm> {
      // Synthesis blocks the thread: let the caller first send what it has (narrate.ts asks for
      // the next chunk before it yields the current one).
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      const voice = offered.find((v) => v.id === voiceId);
      if (!voice) throw new TtsError(`voice ${voiceId} is not available without the espeak-ng program`, false, 'espeak');
      if (!/[\p{L}\p{N}]/u.test(text)) return { sampleRate: 22050, samples: new Int16Array(0) };
      for (let attempt = 1; ; attempt++) {
        try {
          const pcm = parseWav(speak(text, voice.mespeak));
          signal?.throwIfAborted();
          return pcm;
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          // A broken instance (see above) is replaced and the chunk tried once more.
          instance = null;
          if (attempt >= 2) throw new TtsError(`mespeak failed: ${(error as Error).message}`, false, 'espeak');
        }
      }
    },
  };
}
