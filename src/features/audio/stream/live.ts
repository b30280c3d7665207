import { firstFrameAt, frameOffsets, wavSamples, WAV_HEADER_BYTES, type AudioFormat } from '../../../integrations/tts/index.ts';
import type { Cache } from '../../../platform/cache/port.ts';
import type { Db } from '../../../platform/db/index.ts';
import { AppError, unavailable } from '../../../platform/http/errors.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { jobChannel } from '../../../platform/queue/index.ts';
import { partKey } from '../keys.ts';
import type { Target } from '../queries.ts';
import { jobById } from '../generation/queries.ts';
import { publicError } from '../failures.ts';
import { settleOrphans } from '../generation/state.ts';
import { storedTimings } from '../timings/queries.ts';
import { cutBytes, cutStored } from './from.ts';
import { baseHeaders } from './stored.ts';

/**
 * The audio of a chapter being generated (stored.ts serves it once stored), followed piece by
 * piece in chunk order: the job stores each chunk's encoded piece as soon as it exists (../keys.ts)
 * and reports progress, which the runner publishes on `job:<id>`; a listener in any process wakes
 * on that, reads the next piece, and when the job is done reads the rest of the stored object from
 * where its next chunk begins (audio_files.chunks; the pieces in chunk order ARE the object, a WAV
 * keeping one header), so nothing is lost to the race between the two. The stream ends after the
 * chapter's last chunk, even while the job still fills in chunks it skipped for a listener who
 * asked for a later sentence (a stream `from` a sentence starts at that sentence's chunk, cut
 * where the sentence starts: see openingBytes).
 */
export interface StreamDeps {
  db: Db;
  cache: Cache;
  objects: ObjectStore;
}

export interface FollowOptions {
  /** Until the first bytes: answered 503 after this, so a client can fall back to polling. */
  firstBytesTimeoutMs: number;
  /** No new piece for this long ends the stream with an error. */
  stallTimeoutMs: number;
  /** Checks without a cue from the cache (a lost message, an unreachable cache). */
  pollMs: number;
}

export const FOLLOW_DEFAULTS: FollowOptions = { firstBytesTimeoutMs: 20_000, stallTimeoutMs: 90_000, pollMs: 300 };
const SETTLE_EVERY_MS = 5_000;

export class GenerationFailed extends AppError {
  constructor(reason: string | null) {
    super(502, 'bad_gateway', `Audio generation failed${reason ? `: ${reason}` : ''}`);
  }
}

export interface LiveJob {
  id: string;
  target: Target;
  format: AudioFormat;
  key: string;
}

export interface LivePlan {
  /** Chunks of the chapter's script: the stream ends after the last one. */
  chunkCount: number;
  /** A stream from a sentence: its number (as the timings list it), its chunk and the share of that chunk's audio before it. */
  from: { sentence: number; chunk: number; fraction: number } | null;
}

/** The audio of a job still generating, as a chunked stream; answers once its first bytes exist. */
export async function liveAudio(deps: StreamDeps, job: LiveJob, plan: LivePlan, options = FOLLOW_DEFAULTS, headers: Record<string, string> = {}): Promise<Response> {
  const stop = new AbortController();
  const cues = await subscribeCues(deps.cache, job.id, stop.signal);
  const pieces = follow(deps, job, plan, options, cues, stop.signal);
  const close = () => {
    stop.abort();
    void cues.close();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable('The audio of this chapter is still being prepared; try again in a moment')), options.firstBytesTimeoutMs);
  });
  let first: IteratorResult<Uint8Array>;
  try {
    first = await Promise.race([pieces.next(), timeout]);
  } catch (error) {
    close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) (close(), controller.close());
      else controller.enqueue(first.value);
    },
    async pull(controller) {
      try {
        const next = await pieces.next();
        if (next.done) (close(), controller.close());
        else controller.enqueue(next.value);
      } catch (error) {
        close();
        controller.error(error);
      }
    },
    cancel: close,
  });
  return new Response(body, { headers: { ...baseHeaders(job.format), 'cache-control': 'no-store', 'x-audio-source': 'live', 'x-audio-job': job.id, ...headers } });
}

async function* follow(deps: StreamDeps, job: LiveJob, plan: LivePlan, options: FollowOptions, cues: Cues, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  let chunk = plan.from?.chunk ?? 0;
  let sent = 0;
  let lastNews = Date.now();
  let lastSettle = Date.now();
  const seek = plan.from && job.format === 'mp3' ? new Mp3Seek(plan.from.chunk, plan.from.fraction) : null;
  while (!signal.aborted && chunk < plan.chunkCount) {
    const piece = await readPiece(deps.objects, partKey(job.id, chunk, job.format));
    if (piece) {
      const bytes =
        sent > 0 ? followingBytes(piece.bytes, job.format)
        : seek?.knows(piece.metadata) ? seek.cut(chunk, piece.bytes, piece.metadata)
        : openingBytes(piece.bytes, job.format, chunk === plan.from?.chunk ? plan.from.fraction : 0);
      chunk++;
      lastNews = Date.now();
      if (!bytes.length) continue;
      sent += bytes.length;
      yield bytes;
      continue;
    }
    const row = await jobById(deps.db, job.id);
    if (row?.status === 'done') return yield* storedRest(deps, job, plan, chunk, sent);
    if (!row || row.status === 'failed') throw new GenerationFailed(publicError(row?.error ?? null));
    if (Date.now() - lastSettle > SETTLE_EVERY_MS) {
      lastSettle = Date.now();
      if (await settleOrphans(deps.db, job.target)) continue; // the row just became failed: say so
    }
    if (Date.now() - lastNews > options.stallTimeoutMs) throw new GenerationFailed('no progress for too long');
    // Any progress of the job is news, also on chunks this listener is not waiting for yet.
    if (await cues.wait(options.pollMs)) lastNews = Date.now();
  }
}

/**
 * The first bytes of a stream: a piece cut where the listener's sentence starts (`fraction` of the
 * chunk's audio, by characters as the timings share it). A WAV piece keeps its header of unknown
 * length and the samples from there; an MP3 piece starts at a frame (a piece may begin inside one).
 */
export function openingBytes(piece: Uint8Array, format: AudioFormat, fraction: number): Uint8Array {
  if (format === 'wav') {
    const samples = Math.floor((piece.length - WAV_HEADER_BYTES) / 2);
    const skip = Math.min(samples, Math.round(fraction * samples));
    if (!skip) return piece;
    const out = new Uint8Array(piece.length - skip * 2);
    out.set(piece.subarray(0, WAV_HEADER_BYTES));
    out.set(piece.subarray(WAV_HEADER_BYTES + skip * 2), WAV_HEADER_BYTES);
    return out;
  }
  const start = firstFrameAt(piece);
  if (start === null) return new Uint8Array(0);
  const { offsets } = frameOffsets(piece, start);
  const frame = Math.min(offsets.length - 1, Math.round(fraction * offsets.length));
  return piece.subarray(frame > 0 ? offsets[frame]! : start);
}

/**
 * Where a sentence starts in an MP3 run still being made. The encoder's output lags its input, so
 * the bytes of a chunk's speech may begin in a later piece; each piece says where it sits in its
 * run (bytes before it) and where its chunk's speech starts in the run (seconds: generation/job.ts),
 * and the run is constant bit rate, so the sentence's moment in the run is a byte of the run.
 */
class Mp3Seek {
  private target: number | null = null;
  private time: number | null = null;

  constructor(private readonly chunk: number, private readonly fraction: number) {}

  knows(metadata: Record<string, string>): boolean {
    return metadata['run-byte'] !== undefined && (this.time !== null || metadata['run-time'] !== undefined);
  }

  /** The piece from the sentence's frame on; empty while the sentence lies in a later piece. */
  cut(chunk: number, piece: Uint8Array, metadata: Record<string, string>): Uint8Array {
    const runByte = Number(metadata['run-byte']);
    if (chunk === this.chunk) this.time = Number(metadata['run-time']) + this.fraction * Number(metadata.seconds ?? 0);
    // A new run began (its first chunk): the sentence's run ended before its moment (rounding); start here.
    else if (Number(metadata['run-time']) === 0) return openingBytes(piece, 'mp3', 0);
    const first = firstFrameAt(piece);
    if (first === null) return new Uint8Array(0);
    const { offsets, kbps } = frameOffsets(piece, first);
    this.target ??= Math.floor((this.time ?? 0) * kbps * 125);
    const local = this.target - runByte;
    if (local >= piece.length) return new Uint8Array(0);
    const at = offsets.findLast((offset) => offset <= local) ?? first;
    return piece.subarray(at);
  }
}

/** A later piece: what follows the previous one in the stored file (a WAV piece without its header). */
const followingBytes = (piece: Uint8Array, format: AudioFormat): Uint8Array => (format === 'wav' ? wavSamples(piece) : piece);

/**
 * Once the job is done: the stored object from where the next chunk begins, or, when nothing was
 * sent yet, from the listener's sentence (a stored file cut there, from.ts).
 */
async function* storedRest(deps: StreamDeps, job: LiveJob, plan: LivePlan, chunk: number, sent: number): AsyncGenerator<Uint8Array> {
  const info = await deps.objects.head(job.key);
  const stored = await storedTimings(deps.db, job.target);
  if (!info || !stored) throw new GenerationFailed('the stored audio is missing');
  if (sent === 0) {
    const time = plan.from ? (stored.sentences?.[plan.from.sentence]?.start ?? 0) : 0;
    const cut = time > 0 ? await cutStored(deps.objects, job.key, job.format, info.size, time, stored.chunks) : { byte: 0, start: 0, header: null };
    if (!cut) throw new GenerationFailed('the stored audio is missing');
    return yield* cutBytes(deps.objects, job.key, cut, info.size);
  }
  if (chunk >= plan.chunkCount) return;
  const offset = stored.chunks?.[chunk]?.byte ?? (plan.from ? null : sent);
  if (offset === null) throw new GenerationFailed('the stored audio has no chunk offsets');
  yield* rest(deps.objects, job.key, info.size, offset);
}

/** The stored object from `offset` on: what the listener has not heard yet. */
async function* rest(objects: ObjectStore, key: string, size: number, offset: number): AsyncGenerator<Uint8Array> {
  if (size <= offset) return;
  const object = await objects.get(key, { start: offset });
  if (!object) throw new GenerationFailed('the stored audio is missing');
  const reader = object.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}

/** A whole small object with its metadata, or null when it does not exist (or vanished while being read). */
async function readPiece(objects: ObjectStore, key: string): Promise<{ bytes: Uint8Array; metadata: Record<string, string> } | null> {
  try {
    const object = await objects.get(key);
    return object ? { bytes: new Uint8Array(await new Response(object.body).arrayBuffer()), metadata: object.metadata } : null;
  } catch {
    return null;
  }
}

interface Cues {
  /** Resolves at the next cue (or one that came since the last wait), after ms, or on abort: true for a cue. */
  wait(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

async function subscribeCues(cache: Cache, jobId: string, signal: AbortSignal): Promise<Cues> {
  let pending = false;
  let wake: (() => void) | null = null;
  const cue = () => {
    if (wake) wake();
    else pending = true;
  };
  signal.addEventListener('abort', cue, { once: true });
  // Without the cache's cues the listener still polls: slower, never wrong.
  const unsubscribe = await cache.subscribe(jobChannel(jobId), cue).catch(() => async () => {});
  return {
    wait(ms) {
      if (pending || signal.aborted) {
        pending = false;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => done(false), ms);
        function done(cued: boolean) {
          clearTimeout(timer);
          wake = null;
          resolve(cued);
        }
        wake = () => done(true);
      });
    },
    close: unsubscribe,
  };
}
