import { TtsError, type Pcm, type SpeechEngine, type SynthesizeOptions, type Voice } from './port.ts';
import { readCapped } from './process.ts';
import { parseWav } from './wav.ts';

/**
 * An OpenAI-compatible speech server (`TTS_OPENAI_URL`, e.g. Kokoro-FastAPI): POST
 * {base}/audio/speech. We ask for `wav` rather than mp3 so every chunk is decoded to PCM and the
 * chapter is encoded as one continuous MP3 stream with exact chunk durations (timings); passing
 * each chunk's MP3 through would put encoder gaps between chunks and hide their lengths.
 *
 * Errors say whether to retry: a network failure, a timeout, 408, 429 and 5xx are transient;
 * other 4xx answers (bad voice, bad key) and unusable audio are permanent.
 */
export interface OpenAiOptions {
  /** Base URL as OpenAI clients take it, e.g. `http://kokoro:8880/v1` (`/v1` is added when missing). */
  url: string;
  key?: string | null;
  model?: string;
  /** Per request; default 120 s (a slow CPU server on a 400-character chunk). */
  timeoutMs?: number;
  /** How long a voice list is kept; default 5 minutes. A failure to get one is kept 30 s (the engine is then unavailable). */
  voicesTtlMs?: number;
  fetch?: typeof fetch;
}

/** OpenAI's own voices, for servers that do not list theirs (OpenAI itself). */
export const OPENAI_STANDARD_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'];
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;
/** The voice list is asked for while a reader waits on GET /api/voices: a hung server must not hold it. */
const VOICES_TIMEOUT_MS = 5000;
const VOICE_NAME = /^[a-z0-9][a-z0-9_.-]{0,55}$/;

export const openAiBaseUrl = (url: string): string => {
  const trimmed = url.replace(/\/+$/, '');
  return /\/v\d+$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
};

export function createOpenAiEngine(options: OpenAiOptions): SpeechEngine & { knowsVoice(id: string): Promise<boolean | null> } {
  const base = openAiBaseUrl(options.url);
  const { model = 'tts-1', timeoutMs = 120_000, voicesTtlMs = 5 * 60_000 } = options;
  const doFetch = options.fetch ?? fetch;
  const headers = (extra: Record<string, string> = {}) => ({ ...extra, ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) });
  let cached: { voices: Voice[] | null; until: number; pending?: Promise<Voice[] | null> } = { voices: null, until: 0 };

  /** Runs `work` (the request and the reading of its body) under the caller's signal and the timeout. */
  const guarded = async <T>(signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>, failure: string, limitMs = timeoutMs): Promise<T> => {
    const timeout = AbortSignal.timeout(limitMs);
    try {
      return await work(signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (error) {
      if (error instanceof TtsError) throw error;
      signal?.throwIfAborted();
      if (timeout.aborted) throw new TtsError(`speech server timed out after ${limitMs} ms`, true, 'openai');
      throw new TtsError(`${failure}: ${(error as Error).message}`, true, 'openai');
    }
  };

  /** null: the server could not be asked (down, or answering errors). */
  const fetchVoices = async (): Promise<Voice[] | null> => {
    try {
      return await guarded(undefined, async (signal) => {
        const response = await doFetch(`${base}/audio/voices`, { headers: headers(), signal });
        if (response.status === 404 || response.status === 405) return OPENAI_STANDARD_VOICES.map(toVoice).filter((v) => v !== null);
        if (!response.ok) return null;
        const body = (await response.json()) as { voices?: unknown };
        const names = Array.isArray(body.voices) ? body.voices : [];
        const voices = names.map((v) => toVoice(typeof v === 'string' ? v : ((v as { id?: unknown; name?: unknown })?.id ?? (v as { name?: unknown })?.name)));
        return voices.filter((v): v is Voice => v !== null);
      }, 'speech server unreachable', Math.min(timeoutMs, VOICES_TIMEOUT_MS));
    } catch {
      return null;
    }
  };

  const voices = async (): Promise<Voice[] | null> => {
    if (Date.now() < cached.until) return cached.voices;
    cached.pending ??= fetchVoices().then((list) => {
      cached = { voices: list, until: Date.now() + (list ? voicesTtlMs : 30_000) };
      return list;
    });
    return cached.pending;
  };

  return {
    id: 'openai',
    format: 'mp3',
    backend: `OpenAI-compatible (${base}, model ${model})`,
    async available() {
      return ((await voices()) ?? []).length > 0;
    },
    async voices() {
      return (await voices()) ?? [];
    },
    /** true/false when the server's list is known, null when the server cannot be asked now. */
    async knowsVoice(id: string) {
      const list = await voices();
      return list ? list.some((v) => v.id === id) : null;
    },
    async synthesize(text: string, voiceId: string, { signal }: SynthesizeOptions = {}): Promise<Pcm> {
      signal?.throwIfAborted();
      if (!voiceId.startsWith('openai-')) throw new TtsError(`unknown voice ${voiceId}`, false, 'openai');
      const body = JSON.stringify({ model, input: text, voice: voiceId.slice('openai-'.length), response_format: 'wav', speed: 1.0 });
      const bytes = await guarded(signal, async (both) => {
        const response = await doFetch(`${base}/audio/speech`, { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body, signal: both });
        if (!response.ok) {
          const detail = (await response.text().catch(() => '')).slice(0, 300);
          const transient = response.status >= 500 || response.status === 408 || response.status === 429;
          throw new TtsError(`speech server answered ${response.status}${detail ? `: ${detail}` : ''}`, transient, 'openai', response.status);
        }
        const declared = Number(response.headers.get('content-length') ?? 0);
        if (declared > MAX_AUDIO_BYTES) throw new TtsError(`speech server sent ${declared} bytes`, false, 'openai');
        let tooLong = false;
        const bytes = response.body ? await readCapped(response.body, MAX_AUDIO_BYTES, () => (tooLong = true)) : new Uint8Array(0);
        if (tooLong) throw new TtsError(`speech server sent more than ${MAX_AUDIO_BYTES} bytes`, false, 'openai');
        return bytes;
      }, 'speech server unreachable');
      try {
        return parseWav(bytes);
      } catch (error) {
        throw new TtsError(`speech server sent no usable WAV: ${(error as Error).message}`, false, 'openai');
      }
    },
  };
}

/** A server voice name → a Voice, or null when its name cannot be a voice id (e.g. a mix "a+b"). */
function toVoice(name: unknown): Voice | null {
  if (typeof name !== 'string' || !VOICE_NAME.test(name)) return null;
  // Kokoro's names start with a language letter and a gender: af_bella, bm_george, pf_dora.
  const kokoro = /^([abefhijpz])[fm]_(.+)$/.exec(name);
  const language = kokoro ? KOKORO_LANGUAGES[kokoro[1]!]! : 'en';
  const label = (kokoro?.[2] ?? name).replace(/[_.-]+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  return { id: `openai-${name}`, name: label, engine: 'openai', language };
}

const KOKORO_LANGUAGES: Record<string, string> = { a: 'en-US', b: 'en-GB', e: 'es', f: 'fr-FR', h: 'hi', i: 'it', j: 'ja', p: 'pt-BR', z: 'zh' };
