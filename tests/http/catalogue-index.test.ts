import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createBook } from '../../src/features/catalogue/writes/service.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';
import { BROWSE_SORTS, type BookPageBody, type BrowseSort } from '../../src/features/catalogue/model.ts';
import { orderBooks } from '../../src/features/catalogue/queries.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';

// The catalogue index (features/catalogue/index/) answers browse from memory: its orders must be
// exactly the database's ORDER BY (queries.ts orderBooks), with ties in every sort key (equal
// counts, equal instants down to the microsecond, titles equal but for case, unrated books), and
// with the genre, status and audio filters; and it must follow every change.
let app: TestApp;
const clock = testClock();
const BOOKS = 37;

beforeAll(async () => {
  app = await startTestApp({ seed: false, clock: clock.now });
  const db = app.platform.db;
  for (let i = 0; i < BOOKS; i++) {
    await db.transaction().execute((trx) =>
      createBook(trx, {
        // Every third title differs from another only by case.
        title: i % 3 === 0 ? `THE TIDE ${Math.floor(i / 6)}` : `the tide ${Math.floor(i / 6)}`,
        author: 'K. Set', description: '', status: i % 4 === 0 ? 'completed' : 'ongoing', genres: [i % 2 ? 'Fantasy' : 'Mystery'], sourceUrl: null, sourceKey: null, coverKey: null,
      }),
    );
  }
  // Few distinct values, so most books tie with others in each key.
  await sql`update books set
      reads_7d = (abs(hashtext(slug)) % 3),
      reads_30d = (abs(hashtext(slug || 'm')) % 2),
      created_at = timestamptz '2026-01-01 10:00:00.123456+00' + (abs(hashtext(slug)) % 4) * interval '1 microsecond',
      updated_at = timestamptz '2026-02-01 10:00:00.654321+00' - (abs(hashtext(slug)) % 3) * interval '1 day',
      rating_count = case when abs(hashtext(slug)) % 3 = 0 then 0 else 2 end,
      rating_sum = case when abs(hashtext(slug)) % 3 = 0 then 0 else 2 + abs(hashtext(slug)) % 2 * 6 end,
      has_audio = (abs(hashtext(slug)) % 2 = 0)`.execute(db);
  await bumpCatalogueVersion(app.platform.cache);
});
afterAll(() => app.close());

const FILTERS = [
  { query: '', genre: null, status: null, audio: false },
  { query: '&genre=fantasy', genre: 'fantasy', status: null, audio: false },
  { query: '&status=ongoing&audio=1', genre: null, status: 'ongoing', audio: true },
] as const;

/** The database's answer: the same filters, orderBooks, every row. */
async function reference(sort: BrowseSort, filter: (typeof FILTERS)[number]): Promise<string[]> {
  const db = app.platform.db;
  let query = db.selectFrom('books as b').select('b.slug');
  if (filter.genre) query = query.where('b.slug', 'in', db.selectFrom('book_genres').select('book_slug').where('genre_slug', '=', filter.genre));
  if (filter.status) query = query.where('b.status', '=', filter.status);
  if (filter.audio) query = query.where('b.has_audio', '=', true);
  return (await orderBooks(query, sort).execute()).map((r) => r.slug);
}

async function walk(sort: BrowseSort, query: string, limit = 4): Promise<string[]> {
  const walked: string[] = [];
  for (let page = 1; ; page++) {
    const body = (await (await app.fetch(`/api/browse?sort=${sort}&limit=${limit}&page=${page}${query}`)).json()) as BookPageBody;
    walked.push(...body.books.map((b) => b.slug));
    if (!body.has_more) return walked;
  }
}

describe('the catalogue index', () => {
  for (const sort of BROWSE_SORTS as readonly BrowseSort[]) {
    test(`${sort}: page after page is exactly the database's order, with every filter`, async () => {
      for (const filter of FILTERS) {
        const expected = await reference(sort, filter);
        expect(expected.length).toBeGreaterThan(4);
        expect(await walk(sort, filter.query)).toEqual(expected);
      }
    });
  }

  test('a changed, a new and a removed book take their places at once, in every order and filter', async () => {
    const db = app.platform.db;
    for (const sort of BROWSE_SORTS) await walk(sort, ''); // every order built, so changes patch them
    const [moved] = await reference('popular', FILTERS[0]);
    await db.updateTable('books').set({ reads_7d: 0, reads_30d: 0, title: 'a tide first', status: 'completed' }).where('slug', '=', moved!).execute();
    const added = await createBook(db, { title: 'Zebra Tide', author: 'K. Set', description: '', status: 'ongoing', genres: ['Fantasy'], sourceUrl: null, sourceKey: null, coverKey: null });
    const [gone] = await reference('title', FILTERS[1]);
    await db.deleteFrom('books').where('slug', '=', gone!).execute();
    await bumpCatalogueVersion(app.platform.cache);
    for (const sort of BROWSE_SORTS as readonly BrowseSort[]) {
      for (const filter of FILTERS) expect(await walk(sort, filter.query, 7)).toEqual(await reference(sort, filter));
    }
    const titles = await walk('title', '');
    expect(titles).toContain(added);
    expect(titles).not.toContain(gone);
  });

  test('genre counts follow a book moved between genres', async () => {
    const genres = async () => (await (await app.fetch('/api/genres')).json()) as { genres: { slug: string; count: number }[] };
    const count = (list: { genres: { slug: string; count: number }[] }, slug: string) => list.genres.find((g) => g.slug === slug)?.count ?? 0;
    const before = await genres();
    const [book] = await reference('title', FILTERS[1]);
    await app.platform.db.updateTable('book_genres').set({ genre_slug: 'mystery' }).where('book_slug', '=', book!).where('genre_slug', '=', 'fantasy').execute();
    await bumpCatalogueVersion(app.platform.cache);
    const after = await genres();
    expect(count(after, 'fantasy')).toBe(count(before, 'fantasy') - 1);
    expect(count(after, 'mystery')).toBe(count(before, 'mystery') + 1);
    expect(await walk('title', '&genre=mystery', 50)).toContain(book!);
  });

  test('a change nobody announced (a fix in psql) shows a few seconds later', async () => {
    const [first] = await reference('title', FILTERS[0]);
    await app.platform.db.updateTable('books').set({ title: 'Aaa Quiet Fix' }).where('slug', '=', first!).execute();
    const title = async () => ((await (await app.fetch('/api/browse?sort=title&limit=1')).json()) as BookPageBody).books[0]!.title;
    expect(await title()).not.toBe('Aaa Quiet Fix'); // not announced: not looked for yet
    clock.advance(6_000);
    await title(); // the first request after the interval looks in the background
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await title()).toBe('Aaa Quiet Fix');
  });
});
