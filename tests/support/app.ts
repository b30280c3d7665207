import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import type { BootedPlatform } from '../../src/platform/boot.ts';
import { createLogger, silentLogger, type Logger } from '../../src/platform/log.ts';
import { loadAssets, type AssetTable } from '../../src/platform/http/assets.ts';
import { createHandler } from '../../src/app.ts';
import { seedDemoCatalogue } from '../../src/features/demo/seed.ts';
import { createTestDatabase } from './db.ts';
import { createTestCache } from './cache.ts';
import { createTestObjectStore, type TestObjectStore } from './objects.ts';
import type { AudioRouteOptions } from '../../src/features/audio/routes.ts';
import { systemClock, type Clock } from '../../src/platform/clock.ts';

export const BASE_URL = 'http://localhost:3000';

let assets: AssetTable | null = null;

export interface TestApp {
  platform: BootedPlatform;
  /** Where the app's objects live (a temp dir, or an s3rver bucket): for job workers that open it too. */
  objectStore: TestObjectStore;
  handle(request: Request): Promise<Response>;
  /** A request to the app by path, like a browser or the mobile client would send it. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real app over this file's own database, cache and bucket (embedded by default,
 * PostgreSQL + Redis + s3rver with TEST_BACKENDS=real), seeded with the demo catalogue.
 */
export async function startTestApp(options: { seed?: boolean; env?: Record<string, string>; log?: Logger; oauthFetch?: typeof fetch; audio?: AudioRouteOptions; clock?: Clock } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-test-'));
  const config = loadConfig({ BASE_URL, DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', ...options.env });
  const objectSigningKey = 'test-object-signing-key-0123456789';
  const [database, cache, objectStore] = await Promise.all([createTestDatabase(), createTestCache(), createTestObjectStore({ baseUrl: BASE_URL, secret: objectSigningKey })]);
  const platform: BootedPlatform = {
    config,
    database,
    db: database.db,
    cache,
    objects: objectStore.store,
    log: options.log ?? (process.env.TEST_LOG ? createLogger('debug') : silentLogger),
    clock: options.clock ?? systemClock,
    authSecret: config.authSecret!,
    objectSigningKey,
    async shutdown() {
      await cache.close();
      await objectStore.cleanup();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.seed !== false) await seedDemoCatalogue(platform.db, platform.objects);
  assets ??= loadAssets();
  const handle = createHandler(platform, assets, { oauthFetch: options.oauthFetch, audio: options.audio });
  return {
    platform,
    objectStore,
    handle,
    fetch: (path, init) => handle(new Request(new URL(path, BASE_URL), init)),
    close: () => platform.shutdown(),
  };
}
