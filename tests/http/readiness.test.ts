import { afterAll, describe, expect, test } from 'bun:test';
import { healthRoutes } from '../../src/features/health/routes.ts';
import { openPostgres } from '../../src/platform/db/index.ts';
import { createRedisCache, createMemoryCache } from '../../src/platform/cache/index.ts';
import { createTestDatabase } from '../support/db.ts';
import { createTestObjectStore } from '../support/objects.ts';

// Real adapters pointed at ports where nothing listens: /readyz must say which part is down.
const database = await createTestDatabase();
const objects = await createTestObjectStore();
const deadCache = await createRedisCache('redis://127.0.0.1:1');
const deadDatabase = openPostgres('postgres://postgres@127.0.0.1:1/none', 1);
afterAll(async () => {
  await Promise.allSettled([deadCache.close(), deadDatabase.close(), objects.cleanup(), database.close()]);
});

async function readyz(parts: Parameters<typeof healthRoutes>[0]) {
  const res = await healthRoutes(parts).handle(new Request('http://localhost/readyz'));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('/readyz names the failing part', () => {
  test('cache down', async () => {
    const { status, body } = await readyz({ database, cache: deadCache, objects: objects.store });
    expect(status).toBe(503);
    expect(body).toEqual({ error: 'unavailable', message: 'Not ready: cache unreachable', checks: { database: 'ok', cache: 'unreachable', objects: 'ok' } });
  });

  test('database down', async () => {
    const { status, body } = await readyz({ database: deadDatabase, cache: createMemoryCache(), objects: objects.store });
    expect(status).toBe(503);
    expect(body.message).toBe('Not ready: database unreachable');
  });

  test('object store down', async () => {
    const { createS3ObjectStore } = await import('../../src/platform/objects/s3.ts');
    const deadObjects = createS3ObjectStore({ endpoint: 'http://127.0.0.1:1', bucket: 'none', region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'y', publicUrl: 'http://127.0.0.1:1' });
    const { status, body } = await readyz({ database, cache: createMemoryCache(), objects: deadObjects });
    expect(status).toBe(503);
    expect(body.message).toBe('Not ready: objects unreachable');
  });
});
