import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function expectViolation(promise: Promise<unknown>, code: string) {
  const error = (await promise.then(() => null, (e) => e)) as { code?: string } | null;
  expect(error?.code).toBe(code);
}

describe(`database (${process.env.TEST_BACKENDS === 'real' ? 'PostgreSQL' : 'PGlite'})`, () => {
  test('migrations are idempotent: a second run applies nothing', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  test('chapters are unique on (book slug, number) and follow their book', async () => {
    const db = handle.db;
    await db.insertInto('books').values({ slug: 'dup-test', title: 'Dup' }).execute();
    await db.insertInto('chapters').values({ book_slug: 'dup-test', number: 1 }).execute();
    await expectViolation(db.insertInto('chapters').values({ book_slug: 'dup-test', number: 1 }).execute(), '23505');
    await expectViolation(db.insertInto('chapters').values({ book_slug: 'no-such-book', number: 1 }).execute(), '23503');
    await db.deleteFrom('books').where('slug', '=', 'dup-test').execute();
    const left = await db.selectFrom('chapters').where('book_slug', '=', 'dup-test').select('id').execute();
    expect(left).toEqual([]);
  });

  test('check constraints guard ratings, shelves, themes, job statuses and slugs', async () => {
    const db = handle.db;
    await db.insertInto('books').values({ slug: 'checks', title: 'Checks' }).execute();
    const user = await db.insertInto('app_users').values({ username: 'checker' } as never).returning('id').executeTakeFirstOrThrow();
    for (const rating of [0, 6]) {
      await expectViolation(db.insertInto('book_ratings').values({ user_id: user.id, slug: 'checks', rating }).execute(), '23514');
    }
    await expectViolation(db.insertInto('user_library').values({ user_id: user.id, slug: 'checks', shelf: 'favourites' as never }).execute(), '23514');
    await expectViolation(db.insertInto('user_settings').values({ user_id: user.id, theme: 'neon' }).execute(), '23514');
    await expectViolation(db.insertInto('audio_jobs').values({ slug: 'checks', chapter: 1, voice: 'v', status: 'stuck' as never }).execute(), '23514');
    await expectViolation(db.insertInto('books').values({ slug: 'Bad Slug', title: 'x' }).execute(), '23514');
    await expectViolation(db.insertInto('progress').values({ slug: 'checks', chapter: 1, user_id: null, session_id: null }).execute(), '23514');
  });

  test('one progress row per reader and book', async () => {
    const db = handle.db;
    await db.insertInto('books').values({ slug: 'prog', title: 'Prog' }).execute();
    await db.insertInto('progress').values({ session_id: 's1', slug: 'prog', chapter: 1 }).execute();
    await expectViolation(db.insertInto('progress').values({ session_id: 's1', slug: 'prog', chapter: 2 }).execute(), '23505');
  });

  test('full-text search finds books by title, author and description words', async () => {
    const db = handle.db;
    await db.insertInto('books').values({ slug: 'fts', title: 'The Whispering Lighthouse', author: 'Mara Quill', description: 'A keeper and a storm.' }).execute();
    for (const q of ['lighthouse', 'quill', 'storm']) {
      const rows = await db.selectFrom('books').select('slug')
        .where(sql<boolean>`search_vector @@ plainto_tsquery('simple', ${q})`).execute();
      expect(rows.map((r) => r.slug)).toContain('fts');
    }
    const fuzzy = await db.selectFrom('books').select('slug')
      .where(sql<boolean>`similarity(lower(title), ${'whisperng lighthose'}) > 0.2`).execute();
    expect(fuzzy.map((r) => r.slug)).toContain('fts');
  });
});
