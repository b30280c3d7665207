/**
 * The speech-engine port. An engine turns text into mono 16-bit PCM; the pipeline (narrate.ts)
 * encodes it into the engine's delivered format. Audio is always generated at speed 1.0: playback
 * speed is the client's business (interface.md, "Audio").
 */
export type EngineId = 'espeak' | 'flite' | 'openai';
export const ENGINE_IDS: readonly EngineId[] = ['espeak', 'flite', 'openai'];

/** A voice of /api/voices. `id` is unique across engines and stable (stored in settings and jobs). */
export interface Voice {
  id: string;
  name: string;
  engine: EngineId;
  /** BCP 47 tag, e.g. `en-US`, `pt-BR`. */
  language: string;
}

export interface Pcm {
  sampleRate: number;
  /** Mono, signed 16-bit. */
  samples: Int16Array;
  /** Seconds of each part, in order, when the audio joins several calls (dialogue.ts): what each really took. */
  parts?: readonly number[];
}

export interface SynthesizeOptions {
  /** Aborting kills the engine's process or request; synthesize then rejects with signal.reason. */
  signal?: AbortSignal;
}

export interface SpeechEngine {
  readonly id: EngineId;
  /** What listeners get: eSpeak and OpenAI-compatible → mp3, Flite → wav. */
  readonly format: AudioFormat;
  /** Human-readable backend, e.g. `espeak-ng 1.51` or `mespeak (in-process)`; for logs and the bench. */
  readonly backend: string;
  available(): Promise<boolean>;
  voices(): Promise<Voice[]>;
  /** One chunk of plain text (see chunk.ts) → PCM. Rejects with TtsError, or signal.reason on abort. */
  synthesize(text: string, voiceId: string, options?: SynthesizeOptions): Promise<Pcm>;
}

export type AudioFormat = 'mp3' | 'wav';
export const MIME_TYPES: Record<AudioFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' };

/**
 * A failed synthesis. `transient` tells the job runner whether another attempt may succeed
 * (network, timeout, 5xx, a busy machine) or not (bad input, 4xx, a program that rejects the text).
 */
export class TtsError extends Error {
  override name = 'TtsError';
  constructor(
    message: string,
    readonly transient: boolean,
    readonly engine: EngineId,
    /** HTTP status of an OpenAI-compatible server, when there was one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

