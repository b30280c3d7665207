/**
 * The key-value cache every feature uses. Two adapters: in-process (memory.ts, single process only)
 * and Redis (redis.ts). Both pass tests/platform/cache.contract.test.ts.
 */
export type Unsubscribe = () => Promise<void>;

/** A counter of incrInOrder: its key, the TTL given when it is created, and its ceiling. */
export interface CountedKey {
  key: string;
  ttlSeconds: number;
  max: number;
}

export interface Cache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /** ttlSeconds omitted: no expiry. A ttl must be > 0 (fractions allowed), else the call rejects with a RangeError. */
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** SET NX: true when the key was absent and is now set. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /**
   * Atomic increment. When the key is created by this call it expires `ttlSeconds` later. A TTL,
   * never an instant: callers that count per day work out the seconds left from their own clock,
   * so a test's fixed clock never meets the cache's real one (DESIGN rule 11). Returns the new value.
   */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Several incr() calls in one atomic step (one round trip to Redis), in order, stopping after the
   * first counter whose new value is above its `max`: the counters after it are left alone, as if
   * each had been asked only once the one before was within bounds. Returns the new values of the
   * counters it incremented (so fewer than given when one went over).
   */
  incrInOrder(counters: readonly CountedKey[]): Promise<number[]>;
  /**
   * Adds a member to a set (e.g. the distinct chapters a reader listened to today). When the set is
   * created by this call it expires `ttlSeconds` later. Atomic; `added` is false when it was already there.
   */
  addToSet(key: string, member: string, ttlSeconds: number): Promise<{ added: boolean; size: number }>;
  /**
   * addToSet with a ceiling, in one atomic step: a new member is added only while the set holds
   * fewer than `max` members; a member already there is always accepted. `present` says whether the
   * member is in the set afterwards (for a daily limit: allowed). Created sets expire `ttlSeconds` later.
   */
  addToSetCapped(key: string, member: string, max: number, ttlSeconds: number): Promise<{ added: boolean; present: boolean; size: number }>;
  /** The members of a set, sorted; [] when absent. */
  setMembers(key: string): Promise<string[]>;
  /** Remaining time to live in seconds; -1 without expiry; -2 when absent (Redis semantics). */
  ttl(key: string): Promise<number>;
  /** Delivered to every subscriber in every process sharing the cache. */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe>;
  /** Throws when the cache is unreachable (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shared cache could not be reached (Redis down, restarting, a frozen connection): thrown by
 * the Redis adapter instead of its connection errors, so a feature can choose how to carry on
 * without the cache (read through, let a reader in uncounted) and anything else answers 503.
 */
export class CacheUnavailable extends Error {
  constructor(cause: unknown) {
    super(`cache unreachable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'CacheUnavailable';
  }
}
