import type { Config } from '../config.ts';
import type { Platform } from './index.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMemoryCache } from './cache/memory.ts';
import type { Cache } from './cache/port.ts';
import { createFsObjectStore } from './objects/fs.ts';
import type { ObjectStore } from './objects/port.ts';
import { createLogger, type Logger } from './log.ts';
import { announceEnqueuesOn } from './queue/wake.ts';
import { deriveKey, resolveAuthSecret } from './secrets.ts';
import { systemClock } from './clock.ts';

export interface BootedPlatform extends Platform {
  readonly authSecret: string;
  readonly objectSigningKey: string;
  shutdown(): Promise<void>;
}

/** Chooses every adapter once, migrates, and hands back the platform (DESIGN rule 6). */
export async function bootPlatform(config: Readonly<Config>, log: Logger = createLogger(config.logLevel)): Promise<BootedPlatform> {
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir, log);
  const objectSigningKey = deriveKey(authSecret, 'objects');
  const database: DatabaseHandle = await openDatabase(config);
  const applied = await migrateToLatest(database.db);
  if (applied.length) log.info('database migrated', { applied: applied.length });
  const cache = await openConfiguredCache(config, log);
  // Jobs enqueued here wake runners in every process sharing the cache (ROLE=web has none of its own).
  announceEnqueuesOn(database.db, cache, log);
  const objects = await openConfiguredObjects(config, objectSigningKey);
  return {
    config,
    database,
    db: database.db,
    cache,
    objects,
    log,
    clock: systemClock,
    authSecret,
    objectSigningKey,
    async shutdown() {
      await Promise.allSettled([cache.close(), objects.close()]);
      await database.close();
    },
  };
}

// The Redis client and the S3 SDK are loaded only when configured: the embedded default stays small.
async function openConfiguredCache(config: Readonly<Config>, log: Logger): Promise<Cache> {
  if (!config.redisUrl && config.databaseUrl) {
    // Separate web and worker processes without Redis still hear each other's wake-ups and job cues.
    const { withPostgresChannels } = await import('./cache/pg-channels.ts');
    return withPostgresChannels(createMemoryCache(), config.databaseUrl, { log });
  }
  if (!config.redisUrl) return createMemoryCache();
  const { createRedisCache } = await import('./cache/redis.ts');
  return createRedisCache(config.redisUrl, { log });
}

async function openConfiguredObjects(config: Readonly<Config>, secret: string): Promise<ObjectStore> {
  if (!config.s3) return createFsObjectStore({ root: `${config.dataDir}/objects`, baseUrl: config.baseUrl, secret });
  const { createS3ObjectStore, ensureBucket } = await import('./objects/s3.ts');
  await ensureBucket(config.s3);
  return createS3ObjectStore(config.s3);
}
