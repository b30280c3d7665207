import { sentenceTimings, spokenText, type Chunk, type Script, type SentenceTiming } from './chunk.ts';
import { createMp3Encoder, type Mp3Backend } from './mp3.ts';
import { MIME_TYPES, TtsError, type AudioFormat, type Pcm, type SpeechEngine } from './port.ts';
import { pcmBytes, wavHeader } from './wav.ts';

/**
 * A chapter script → encoded audio, chunk by chunk: what the audio worker calls. Each yielded
 * part carries the bytes ready so far, to append to the object-store upload and to send to
 * listeners; the generator's return value has the totals and the sentence timings.
 *
 *   const run = narrate(engine, voiceId, prepareScript(markdown), { signal });
 *   for (let step = await run.next(); ; step = await run.next()) {
 *     if (step.done) { save(step.value); break; }
 *     upload(step.value.bytes);
 *   }
 *
 * The next chunk is synthesised while the current one is encoded and consumed. MP3 is one
 * continuous stream (one encoder for the chapter, no gaps between chunks). WAV starts with a
 * header of unknown length; `wavHeader` in the summary is the true one for a stored copy.
 * Breaking out early or aborting stops the engine and the encoder.
 */
export interface NarrationOptions {
  signal?: AbortSignal;
  mp3Backend?: Mp3Backend | 'auto';
  lamePath?: string;
}

export interface NarrationPart {
  /** null for the encoder's last frames after the final chunk. */
  chunk: Chunk | null;
  bytes: Uint8Array;
  /** Where this chunk's audio starts and how long it is, in seconds. */
  start: number;
  seconds: number;
}

export interface NarrationSummary {
  format: AudioFormat;
  mimeType: string;
  sampleRate: number;
  /** Seconds of audio. */
  duration: number;
  /** Encoded bytes yielded in total. */
  bytes: number;
  sentences: SentenceTiming[];
  wavHeader: Uint8Array | null;
}

interface Encoder {
  encode(samples: Int16Array): Promise<Uint8Array>;
  finish(): Promise<Uint8Array>;
  close(): void;
}

export async function* narrate(engine: SpeechEngine, voiceId: string, script: Script, options: NarrationOptions = {}): AsyncGenerator<NarrationPart, NarrationSummary> {
  const { signal } = options;
  const { chunks } = script;
  if (!chunks.length) throw new TtsError('the chapter has no text to read', false, engine.id);
  const synthesize = (i: number): Promise<Pcm> => {
    const pending = engine.synthesize(spokenText(chunks[i]!), voiceId, { signal });
    pending.catch(() => {}); // awaited later, or abandoned when an earlier chunk fails
    return pending;
  };
  let encoder: Encoder | null = null;
  let sampleRate = 0;
  let samples = 0;
  let bytes = 0;
  const seconds: number[] = [];
  try {
    let next = synthesize(0);
    for (let i = 0; i < chunks.length; i++) {
      const pcm = await next;
      signal?.throwIfAborted();
      if (i + 1 < chunks.length) next = synthesize(i + 1);
      if (!encoder) {
        sampleRate = pcm.sampleRate;
        encoder = engine.format === 'mp3' ? await createMp3Encoder({ sampleRate, backend: options.mp3Backend, lamePath: options.lamePath }) : wavEncoder(sampleRate);
      }
      const audio = pcm.sampleRate === sampleRate ? pcm.samples : resample(pcm, sampleRate);
      const encoded = await encoder.encode(audio);
      const start = samples / sampleRate;
      samples += audio.length;
      seconds.push(audio.length / sampleRate);
      bytes += encoded.length;
      yield { chunk: chunks[i]!, bytes: encoded, start, seconds: audio.length / sampleRate };
    }
    const last = await encoder!.finish();
    bytes += last.length;
    if (last.length) yield { chunk: null, bytes: last, start: samples / sampleRate, seconds: 0 };
  } finally {
    encoder?.close();
  }
  return {
    format: engine.format,
    mimeType: MIME_TYPES[engine.format],
    sampleRate,
    duration: samples / sampleRate,
    bytes,
    sentences: sentenceTimings(script, seconds),
    wavHeader: engine.format === 'wav' ? wavHeader(sampleRate, samples * 2) : null,
  };
}

function wavEncoder(sampleRate: number): Encoder {
  let header: Uint8Array | null = wavHeader(sampleRate, null);
  return {
    async encode(samples) {
      const data = pcmBytes(samples);
      const out = new Uint8Array((header?.length ?? 0) + data.length);
      if (header) out.set(header);
      out.set(data, header?.length ?? 0);
      header = null;
      return out;
    },
    async finish() {
      return new Uint8Array(0);
    },
    close() {},
  };
}

/** Linear interpolation: only for a server that changes its rate between chunks. */
export function resample(pcm: Pcm, rate: number): Int16Array {
  const ratio = pcm.sampleRate / rate;
  const out = new Int16Array(Math.round(pcm.samples.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const at = i * ratio;
    const left = Math.floor(at);
    const a = pcm.samples[left] ?? 0;
    const b = pcm.samples[left + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (at - left));
  }
  return out;
}
