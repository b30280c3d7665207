import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { isSessionValid, revokeSession, startSession } from '../../src/features/accounts/sessions/service.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

/**
 * A session check reads the row, then caches "valid". A revocation landing between the two (on
 * another instance, say) must win: the check must not cache "valid" over it.
 */
let database: TestDatabase;
let userId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await database.db.insertInto('app_users').values({ username: 'revoked-reader' }).returning('id').executeTakeFirstOrThrow()).id;
}, 30_000);
afterAll(() => database?.close());

/** A cache that runs `before` the first time a session check is about to be cached. */
function cacheWithHook(before: () => Promise<void>): Cache {
  const cache = createMemoryCache();
  let fired = false;
  const hook = async (key: string) => {
    if (fired || !key.startsWith('auth:session:')) return;
    fired = true;
    await before();
  };
  return Object.assign(Object.create(cache) as Cache, {
    set: async (key: string, value: string, ttl?: number) => (await hook(key), cache.set(key, value, ttl)),
    setIfAbsent: async (key: string, value: string, ttl: number) => (await hook(key), cache.setIfAbsent(key, value, ttl)),
  });
}

test('a revocation between reading the session row and caching the answer is not undone', async () => {
  const db = database.db;
  let cache: Cache | null = null;
  const sessionId = await startSession(db, createMemoryCache(), userId, 'phone', '127.0.0.1');
  cache = cacheWithHook(() => revokeSession(db, cache!, userId, sessionId));
  // The row was there when read; the revocation came before the answer was cached.
  await isSessionValid(db, cache, userId, sessionId, '127.0.0.1');
  expect(await db.selectFrom('user_sessions').select('id').where('id', '=', sessionId).executeTakeFirst()).toBeUndefined();
  // Every later check, cached or not, refuses it.
  expect(await isSessionValid(db, cache, userId, sessionId, '127.0.0.1')).toBe(false);
  expect(await isSessionValid(db, cache, userId, sessionId, '127.0.0.1')).toBe(false);
});

test('a live session is cached as valid, and a revocation refuses it at once', async () => {
  const db = database.db;
  const cache = createMemoryCache();
  const sessionId = await startSession(db, cache, userId, 'laptop', '127.0.0.1');
  expect(await isSessionValid(db, cache, userId, sessionId, '127.0.0.1')).toBe(true);
  expect(await isSessionValid(db, cache, userId, sessionId, '127.0.0.1')).toBe(true);
  await revokeSession(db, cache, userId, sessionId);
  expect(await isSessionValid(db, cache, userId, sessionId, '127.0.0.1')).toBe(false);
  // Another user never passes with this session id.
  const other = await startSession(db, cache, userId, 'tablet', '127.0.0.1');
  expect(await isSessionValid(db, cache, '00000000-0000-4000-8000-000000000000', other, '127.0.0.1')).toBe(false);
});
