import type { AudioFormat } from '../../../integrations/tts/index.ts';
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
import { baseHeaders } from './stored.ts';

/**
 * The audio of a chapter being generated (stored.ts serves it once stored), followed piece by
 * piece: the job stores each encoded piece as soon as it exists (../keys.ts) and reports progress,
 * which the runner publishes on `job:<id>`; a listener in any process wakes on that, reads the next
 * piece, and when the job is done reads the rest of the stored object from its own byte offset
 * (the pieces concatenated ARE the object, a WAV's header differing only in its size fields), so
 * nothing is lost to the race between the two.
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

/** The audio of a job still generating, as a chunked stream; answers once its first bytes exist. */
export async function liveAudio(deps: StreamDeps, job: { id: string; target: Target; format: AudioFormat; key: string }, options = FOLLOW_DEFAULTS): Promise<Response> {
  const stop = new AbortController();
  const cues = await subscribeCues(deps.cache, job.id, stop.signal);
  const pieces = follow(deps, job, options, cues, stop.signal);
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
  return new Response(body, { headers: { ...baseHeaders(job.format), 'cache-control': 'no-store', 'x-audio-source': 'live', 'x-audio-job': job.id } });
}

async function* follow(deps: StreamDeps, job: { id: string; target: Target; format: AudioFormat; key: string }, options: FollowOptions, cues: Cues, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  let seq = 0;
  let offset = 0;
  let lastNews = Date.now();
  let lastSettle = Date.now();
  while (!signal.aborted) {
    const piece = await readObject(deps.objects, partKey(job.id, seq, job.format));
    if (piece) {
      seq++;
      offset += piece.length;
      lastNews = Date.now();
      yield piece;
      continue;
    }
    const row = await jobById(deps.db, job.id);
    if (row?.status === 'done') return yield* rest(deps.objects, job.key, offset);
    if (!row || row.status === 'failed') throw new GenerationFailed(publicError(row?.error ?? null));
    if (Date.now() - lastSettle > SETTLE_EVERY_MS) {
      lastSettle = Date.now();
      if (await settleOrphans(deps.db, job.target)) continue; // the row just became failed: say so
    }
    if (Date.now() - lastNews > options.stallTimeoutMs) throw new GenerationFailed('no progress for too long');
    await cues.wait(options.pollMs);
  }
}

/** The stored object from `offset` on: what the listener has not heard yet. */
async function* rest(objects: ObjectStore, key: string, offset: number): AsyncGenerator<Uint8Array> {
  const info = await objects.head(key);
  if (!info) throw new GenerationFailed('the stored audio is missing');
  if (info.size <= offset) return;
  const object = await objects.get(key, { start: offset });
  if (!object) throw new GenerationFailed('the stored audio is missing');
  const reader = object.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}

/** A whole small object, or null when it does not exist (or vanished while being read). */
async function readObject(objects: ObjectStore, key: string): Promise<Uint8Array | null> {
  try {
    const object = await objects.get(key);
    return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
  } catch {
    return null;
  }
}

interface Cues {
  /** Resolves at the next cue (or one that came since the last wait), after ms, or on abort. */
  wait(ms: number): Promise<void>;
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
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    },
    close: unsubscribe,
  };
}
