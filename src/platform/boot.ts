import type { Config } from '../config.ts';
import type { Platform } from './index.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openCache } from './cache/index.ts';
import { openObjectStore, ensureBucket } from './objects/index.ts';
import { createLogger, type Logger } from './log.ts';
import { deriveKey, resolveAuthSecret } from './secrets.ts';

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
  const cache = await openCache(config.redisUrl);
  if (config.s3) await ensureBucket(config.s3);
  const objects = await openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret: objectSigningKey });
  return {
    config,
    database,
    db: database.db,
    cache,
    objects,
    log,
    authSecret,
    objectSigningKey,
    async shutdown() {
      await Promise.allSettled([cache.close(), objects.close()]);
      await database.close();
    },
  };
}
