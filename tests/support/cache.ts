import { Redis } from 'ioredis';
import { createMemoryCache, createRedisCache, type Cache } from '../../src/platform/cache/index.ts';

export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const randomPrefix = () => `test:${crypto.randomUUID()}:`;

/**
 * A Redis cache under `prefix` whose close() also deletes the keys it left behind, so test runs
 * do not accumulate garbage in a shared Redis.
 */
export async function createTestRedisCache(prefix = randomPrefix()): Promise<Cache> {
  const cache = await createRedisCache(testRedisUrl(), { keyPrefix: prefix });
  return {
    ...cache,
    async close() {
      const admin = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
      admin.on('error', () => {});
      try {
        const keys = await admin.keys(`${prefix}*`);
        if (keys.length > 0) await admin.del(...keys);
      } finally {
        admin.disconnect();
        await cache.close();
      }
    },
  };
}

/** Memory by default; a Redis cache with its own key prefix when TEST_BACKENDS=real. */
export function createTestCache(): Promise<Cache> {
  return process.env.TEST_BACKENDS === 'real' ? createTestRedisCache() : Promise.resolve(createMemoryCache());
}
