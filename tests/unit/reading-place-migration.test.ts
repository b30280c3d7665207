import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { down, up } from '../../migrations/20261201000100_track_reading_place.ts';

// The migration on a database that already holds progress: every reader was as far as their place.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Row = { session_id: string; chapter: number; scroll: number; furthest_chapter: number; furthest_scroll: number; back_chapter: number | null };
const rows = async () =>
  (await sql<Row>`select session_id, chapter, scroll, furthest_chapter, furthest_scroll, back_chapter from progress order by session_id`.execute(database.db)).rows;

test('existing rows start with the furthest point at the place and no look-back', async () => {
  const db = database.db;
  await db.transaction().execute((trx) => down(trx));
  await db.insertInto('books').values({ slug: 'placed', title: 'Placed' }).execute();
  await sql`insert into progress (session_id, slug, chapter, scroll) values ('migration-place-a', 'placed', 4, 0.25), ('migration-place-b', 'placed', 1, 0)`.execute(db);

  await db.transaction().execute((trx) => up(trx));

  expect(await rows()).toEqual([
    { session_id: 'migration-place-a', chapter: 4, scroll: 0.25, furthest_chapter: 4, furthest_scroll: 0.25, back_chapter: null },
    { session_id: 'migration-place-b', chapter: 1, scroll: 0, furthest_chapter: 1, furthest_scroll: 0, back_chapter: null },
  ]);
  // A writer that does not know the furthest point still gets one.
  await sql`insert into progress (session_id, slug, chapter, scroll) values ('migration-place-c', 'placed', 7, 0.5)`.execute(db);
  expect((await rows())[2]).toMatchObject({ chapter: 7, furthest_chapter: 7, furthest_scroll: 0.5 });
  // One that does keeps its own.
  await sql`insert into progress (session_id, slug, chapter, scroll, furthest_chapter, furthest_scroll) values ('migration-place-d', 'placed', 2, 0, 9, 0.75)`.execute(db);
  expect((await rows())[3]).toMatchObject({ chapter: 2, furthest_chapter: 9, furthest_scroll: 0.75 });
});
