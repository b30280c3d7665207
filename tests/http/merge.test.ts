import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';
import { dailyKey, secondsLeftInUtcDay } from '../../src/features/limits/daily.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

test('signing in merges the anonymous reader: newest progress wins per book, nothing lost or duplicated', async () => {
  const db = app.platform.db;
  const anon = 'anon-reader-merge-0001';
  // The account already has progress on two books: one older than the anonymous reading, one newer.
  const account = await loginAs(app, 'merger', { userAgent: 'Desktop' });
  const userId = account.user.id;
  await db.insertInto('progress').values([
    { user_id: userId, slug: 'salvage-rights', chapter: 2, updated_at: at(60) },
    { user_id: userId, slug: 'ink-and-alibis', chapter: 5, updated_at: at(1) },
  ]).execute();
  // Then, on a phone, anonymously:
  await db.insertInto('progress').values([
    { session_id: anon, slug: 'salvage-rights', chapter: 7, updated_at: at(10) },
    { session_id: anon, slug: 'ink-and-alibis', chapter: 3, updated_at: at(30) },
    { session_id: anon, slug: 'morning-bread', chapter: 4, updated_at: at(20) },
  ]).execute();
  await db.insertInto('book_ratings').values([
    { session_id: anon, slug: 'morning-bread', rating: 5, updated_at: at(5) },
    { session_id: anon, slug: 'salvage-rights', rating: 2, updated_at: at(50) },
    { user_id: userId, slug: 'salvage-rights', rating: 4, updated_at: at(40) },
  ]).execute();
  await db.insertInto('user_settings').values([
    { user_id: userId, theme: 'slate', locale: 'pt', updated_at: at(90) },
    { session_id: anon, theme: 'light-rose', font_size: 1.25, updated_at: at(2) },
  ]).execute();
  const now = new Date();
  await app.platform.cache.addToSet(dailyKey('audio', `anon:${anon}`, now), 'salvage-rights:1', secondsLeftInUtcDay(now));
  await app.platform.cache.addToSet(dailyKey('audio', `anon:${anon}`, now), 'salvage-rights:2', secondsLeftInUtcDay(now));
  await app.platform.cache.addToSet(dailyKey('audio', `user:${userId}`, now), 'salvage-rights:2', secondsLeftInUtcDay(now));

  await loginAs(app, 'merger', { userAgent: 'Phone', sessionId: anon });

  const progress = await db.selectFrom('progress').select(['slug', 'chapter', 'user_id', 'session_id']).orderBy('slug').execute();
  expect(progress.map((p) => [p.slug, p.chapter, p.user_id])).toEqual([
    ['ink-and-alibis', 5, userId],
    ['morning-bread', 4, userId],
    ['salvage-rights', 7, userId],
  ]);
  const ratings = await db.selectFrom('book_ratings').select(['slug', 'rating', 'user_id']).orderBy('slug').execute();
  expect(ratings.map((r) => [r.slug, r.rating, r.user_id])).toEqual([
    ['morning-bread', 5, userId],
    ['salvage-rights', 4, userId],
  ]);
  const settings = await db.selectFrom('user_settings').selectAll().execute();
  expect(settings).toHaveLength(1);
  expect(settings[0]).toMatchObject({ user_id: userId, theme: 'light-rose', locale: 'pt', font_size: 1.25 });
  expect(await app.platform.cache.setMembers(dailyKey('audio', `user:${userId}`, now))).toEqual(['salvage-rights:1', 'salvage-rights:2']);

  // Signing in again from the same anonymous session changes nothing.
  await loginAs(app, 'merger', { userAgent: 'Phone', sessionId: anon });
  expect(await db.selectFrom('progress').select('slug').execute()).toHaveLength(3);
});
