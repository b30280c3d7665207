import { spokenText, type Script } from './chunk.ts';
import { createMp3Encoder, type Mp3Backend, type Mp3Encoder } from './mp3.ts';
import { Mp3FrameCounter } from './mp3-frames.ts';
import { resample } from './narrate.ts';
import { TtsError, type Pcm, type SpeechEngine } from './port.ts';
import { pcmBytes, wavHeader, WAV_HEADER_BYTES } from './wav.ts';

/**
 * A chapter script → encoded audio, chunk by chunk, in an order the caller decides as it goes
 * (narrate.ts reads a script from start to end; this one lets a listener who seeks ahead be served
 * first). Consecutive chunks form a run with one encoder; when the next chunk is not the one after,
 * the run ends: its encoder is flushed into the run's last piece, so every piece of a run, in
 * chunk order, is the run's whole stream. Separately encoded MP3 runs concatenate into a valid
 * stream (each starts with a frame that needs nothing before it).
 *
 * WAV pieces each start with a header of unknown length (so any piece can open a stream); a
 * stored file keeps one real header in front of the samples of every piece (WAV_HEADER_BYTES on).
 *
 * The next chunk is synthesised while the current one is encoded and stored.
 */
export interface ChunkPlan {
  /** The chunk to start with; null when nothing is left to make. */
  first(): Promise<number | null>;
  /** Called once chunk `done` is synthesised (before its piece is handed out): the chunk to make next, or null. */
  next(done: number): Promise<number | null>;
}

export interface ChunkAudio {
  index: number;
  bytes: Uint8Array;
  /** Seconds of speech in this chunk. */
  seconds: number;
  sampleRate: number;
  /** True for the first chunk of a run. */
  opensRun: boolean;
  /** Seconds of speech of the run before this chunk. */
  runTime: number;
  /** Bytes of the run's stream before this piece (an MP3 encoder's output lags its input: this piece may start before the chunk's speech does). */
  runByte: number;
  /** On a run's last piece: seconds its encoded stream lasts (MP3: its frames, encoder delay and padding included). */
  runSeconds: number | null;
  /** Seconds of each part of a chunk made of several calls (Pcm.parts: a dialogue voice); null for one call. */
  partSeconds: readonly number[] | null;
}

export interface ChunkNarrationOptions {
  signal?: AbortSignal;
  mp3Backend?: Mp3Backend | 'auto';
  lamePath?: string;
}

export async function* narrateChunks(engine: SpeechEngine, voiceId: string, script: Script, plan: ChunkPlan, options: ChunkNarrationOptions = {}): AsyncGenerator<ChunkAudio, void> {
  const { signal } = options;
  if (!script.chunks.length) throw new TtsError('the chapter has no text to read', false, engine.id);
  const synthesize = (i: number): Promise<Pcm> => {
    const pending = engine.synthesize(spokenText(script.chunks[i]!), voiceId, { signal });
    pending.catch(() => {}); // awaited later, or abandoned when an earlier chunk fails
    return pending;
  };
  let sampleRate = 0;
  let run: Run | null = null;
  try {
    let index = await plan.first();
    let pending = index === null ? null : synthesize(index);
    while (index !== null) {
      const pcm = await pending!;
      signal?.throwIfAborted();
      const next = await plan.next(index);
      pending = next === null ? null : synthesize(next);
      sampleRate ||= pcm.sampleRate;
      const samples = pcm.sampleRate === sampleRate ? pcm.samples : resample(pcm, sampleRate);
      const opensRun = run === null;
      run ??= await openRun(engine.format, sampleRate, options);
      const { runTime, runByte } = run;
      let bytes = await run.encode(samples);
      let runSeconds: number | null = null;
      if (next !== index + 1) {
        bytes = concat(bytes, await run.finish());
        runSeconds = run.seconds();
        run.close();
        run = null;
      }
      run?.advance(samples.length / sampleRate, bytes.length);
      yield { index, bytes, seconds: samples.length / sampleRate, sampleRate, opensRun, runSeconds, runTime, runByte, partSeconds: pcm.parts ?? null };
      index = next;
    }
  } finally {
    run?.close();
  }
}

interface Encoding {
  encode(samples: Int16Array): Promise<Uint8Array>;
  finish(): Promise<Uint8Array>;
  seconds(): number;
  close(): void;
}

interface Run extends Encoding {
  runTime: number;
  runByte: number;
  advance(seconds: number, bytes: number): void;
}

async function openRun(format: 'mp3' | 'wav', sampleRate: number, options: ChunkNarrationOptions): Promise<Run> {
  const encoding = await openEncoding(format, sampleRate, options);
  const run: Run = {
    ...encoding,
    runTime: 0,
    runByte: 0,
    advance(seconds, bytes) {
      run.runTime += seconds;
      run.runByte += bytes;
    },
  };
  return run;
}

async function openEncoding(format: 'mp3' | 'wav', sampleRate: number, options: ChunkNarrationOptions): Promise<Encoding> {
  if (format === 'wav') {
    let samples = 0;
    return {
      async encode(pcm) {
        samples += pcm.length;
        return concat(wavHeader(sampleRate, null), pcmBytes(pcm));
      },
      async finish() {
        return new Uint8Array(0);
      },
      seconds: () => samples / sampleRate,
      close() {},
    };
  }
  const encoder: Mp3Encoder = await createMp3Encoder({ sampleRate, backend: options.mp3Backend, lamePath: options.lamePath });
  const frames = new Mp3FrameCounter();
  const counted = (bytes: Uint8Array) => (frames.push(bytes), bytes);
  return {
    encode: async (pcm) => counted(await encoder.encode(pcm)),
    finish: async () => counted(await encoder.finish()),
    seconds: () => frames.seconds,
    close: () => encoder.close(),
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!b.length) return a;
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The samples of a WAV piece (without its header). */
export const wavSamples = (piece: Uint8Array): Uint8Array => piece.subarray(WAV_HEADER_BYTES);
