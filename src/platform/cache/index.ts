import { createMemoryCache } from './memory.ts';
import { createRedisCache, type RedisCacheOptions } from './redis.ts';
import type { Cache } from './port.ts';

export type { Cache, Unsubscribe } from './port.ts';
export type { RedisCacheOptions } from './redis.ts';
export { createMemoryCache, createRedisCache };

/** Chosen once at start: Redis when a URL is configured, otherwise the single-process memory cache. */
export function openCache(redisUrl: string | null, opts: RedisCacheOptions = {}): Promise<Cache> {
  return redisUrl ? createRedisCache(redisUrl, opts) : Promise.resolve(createMemoryCache());
}
