import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { up } from '../../migrations/20261121000910_add_rating_totals_trigger.ts';

// The migration on a database that already holds ratings (and totals that disagree with them).
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const totals = async (slug: string) =>
  database.db.selectFrom('books').select(['rating_count', 'rating_sum', 'rating_score']).where('slug', '=', slug).executeTakeFirstOrThrow();

test('recounts every book once, then keeps the totals by trigger', async () => {
  const db = database.db;
  // As before the migration: no trigger yet.
  await sql`drop trigger book_ratings_totals on book_ratings`.execute(db);
  await sql`drop function book_ratings_apply_totals()`.execute(db);
  await db.insertInto('books').values([{ slug: 'rated', title: 'Rated' }, { slug: 'stale', title: 'Stale' }, { slug: 'fine', title: 'Fine' }]).execute();
  await db.insertInto('book_ratings').values([
    { session_id: 'migration-reader-1', slug: 'rated', rating: 5 },
    { session_id: 'migration-reader-2', slug: 'rated', rating: 2 },
  ]).execute();
  // Nobody counted the two ratings of "rated"; "stale" claims ratings it does not have.
  await db.updateTable('books').set({ rating_count: 7, rating_sum: 30 }).where('slug', '=', 'stale').execute();
  expect(await totals('rated')).toEqual({ rating_count: 0, rating_sum: 0, rating_score: null });

  await db.transaction().execute((trx) => up(trx));

  expect(await totals('rated')).toEqual({ rating_count: 2, rating_sum: 7, rating_score: 37 / 12 });
  expect(await totals('stale')).toEqual({ rating_count: 0, rating_sum: 0, rating_score: null });
  expect(await totals('fine')).toEqual({ rating_count: 0, rating_sum: 0, rating_score: null });
  // From now on the trigger keeps them.
  await db.insertInto('book_ratings').values({ session_id: 'migration-reader-3', slug: 'fine', rating: 4 }).execute();
  await db.updateTable('book_ratings').set({ rating: 1 }).where('session_id', '=', 'migration-reader-1').execute();
  await db.deleteFrom('book_ratings').where('session_id', '=', 'migration-reader-2').execute();
  expect(await totals('fine')).toMatchObject({ rating_count: 1, rating_sum: 4 });
  expect(await totals('rated')).toMatchObject({ rating_count: 1, rating_sum: 1 });
});
