import type { Cache } from '../cache/port.ts';
import { AppError } from './errors.ts';

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
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const count = await cache.incr(`rate:${bucket}:${windowStart}`, Math.max(0.001, (windowStart + windowMs - now) / 1000));
  if (count <= limit.max) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  throw new RateLimited(retryAfter);
}

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}
