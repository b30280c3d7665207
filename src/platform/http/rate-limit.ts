import { CacheUnavailable, type Cache } from '../cache/port.ts';
import type { Clock } from '../clock.ts';
import { readerKey, type Reader } from './auth.ts';
import { AppError } from './errors.ts';
import { clientIpOf } from './request-context.ts';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in the shared cache (so every process counts together). Throws 429
 * rate_limited with the seconds to wait when the window is used up.
 */
export async function enforceRateLimit(cache: Cache, bucket: string, limit: Limit, now = Date.now()): Promise<void> {
  const counter = windowCounter(bucket, limit, now);
  if ((await cache.incr(counter.key, counter.ttlSeconds)) > limit.max) throw counter.exceeded();
}

/** The counter of `bucket` in the current fixed window, and the 429 it answers when over. */
function windowCounter(bucket: string, limit: Limit, now: number) {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const left = (windowStart + windowMs - now) / 1000;
  return {
    key: `rate:${bucket}:${windowStart}`,
    ttlSeconds: Math.max(0.001, left),
    max: limit.max,
    exceeded: () => new RateLimited(Math.max(1, Math.ceil(left))),
  };
}

/**
 * Several limits on one attempt, counted in order in one round trip to the cache: an attempt
 * refused by a limit is not counted against the limits after it (as when each is checked in turn).
 */
export async function enforceRateLimits(cache: Cache, limits: readonly { bucket: string; limit: Limit }[], now = Date.now()): Promise<void> {
  const counters = limits.map((l) => windowCounter(l.bucket, l.limit, now));
  const values = await cache.incrInOrder(counters);
  const over = counters.find((c, i) => values[i]! > c.max);
  if (over) throw over.exceeded();
}

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}

/** The small writes every reader makes, anonymous ones included (docs/api.md, "Limits on reader writes"). */
export type ReaderWrite = 'progress' | 'rating' | 'vote' | 'report';

/**
 * Far above what a person reading, rating or swiping ever does; they only stop a script. An
 * address carries ten readers' worth, for households and offices behind one address.
 */
export const READER_WRITE_LIMITS: Record<ReaderWrite, { perReader: Limit; perAddress: Limit }> = {
  progress: { perReader: { max: 120, windowSeconds: 60 }, perAddress: { max: 1200, windowSeconds: 60 } },
  rating: { perReader: { max: 30, windowSeconds: 60 }, perAddress: { max: 300, windowSeconds: 60 } },
  vote: { perReader: { max: 120, windowSeconds: 60 }, perAddress: { max: 1200, windowSeconds: 60 } },
  report: { perReader: { max: 30, windowSeconds: 60 }, perAddress: { max: 300, windowSeconds: 60 } },
};

/** Counts one write against the reader (account or anonymous session) and against the client address. */
export async function enforceReaderWriteLimit(cache: Cache, kind: ReaderWrite, who: { reader: string; address: string }, now = Date.now()): Promise<void> {
  const limits = READER_WRITE_LIMITS[kind];
  try {
    await enforceRateLimits(cache, [
      { bucket: `write:${kind}:reader:${who.reader}`, limit: limits.perReader },
      { bucket: `write:${kind}:address:${who.address}`, limit: limits.perAddress },
    ], now);
  } catch (error) {
    // A brake on scripts, not a gate: while the cache that counts is away (its adapter logs the
    // outage), readers' progress, ratings and votes are not held back.
    if (!(error instanceof CacheUnavailable)) throw error;
  }
}

/**
 * A beforeHandle hook for a feature's instance: every write (not GET/HEAD) of the routes after it
 * counts as one `kind` write. The address is the socket's, or X-Forwarded-For's first entry only
 * with TRUST_PROXY=1 (server.ts), so a client cannot pick its own bucket.
 */
export function limitReaderWrites(deps: { cache: Cache; clock: Clock }, kind: ReaderWrite) {
  return async ({ request, caller }: { request: Request; caller: { reader: Reader } }): Promise<void> => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    await enforceReaderWriteLimit(deps.cache, kind, { reader: readerKey(caller.reader), address: clientIpOf(request) }, deps.clock().getTime());
  };
}
