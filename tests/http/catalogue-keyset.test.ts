import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createBook } from '../../src/features/catalogue/writes/service.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/answers.ts';
import { BROWSE_SORTS, type BookPageBody, type BrowseSort } from '../../src/features/catalogue/model.ts';
import { browseBooks, type BrowseFilter } from '../../src/features/catalogue/queries.ts';
import type { PageBoundary } from '../../src/features/catalogue/keyset.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

// Keyset paging behind the page numbers (catalogue/keyset.ts): a page that starts after the
// previous page's last book holds exactly the books OFFSET would give, for every order, with ties
// in every sort key (equal counts, equal instants down to the microsecond, titles equal but for
// case, unrated books), and with the genre, status and audio filters.
let app: TestApp;
const BOOKS = 37;

beforeAll(async () => {
  app = await startTestApp({ seed: false });
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

const FILTERS: Pick<BrowseFilter, 'genre' | 'status' | 'audio'>[] = [
  { genre: null, status: null, audio: false },
  { genre: 'fantasy', status: null, audio: false },
  { genre: null, status: 'ongoing', audio: true },
];

describe('keyset paging', () => {
  for (const sort of BROWSE_SORTS as readonly BrowseSort[]) {
    test(`${sort}: every page after the previous one's end equals the page by OFFSET`, async () => {
      for (const filters of FILTERS) {
        const size = 4;
        let after: PageBoundary | undefined;
        const walked: string[] = [];
        for (let page = 1; page <= 12; page++) {
          const base = { ...filters, sort, limit: size + 1, offset: (page - 1) * size };
          const byOffset = await browseBooks(app.platform.db, base);
          const byKeyset = await browseBooks(app.platform.db, { ...base, after });
          expect(byKeyset.map((r) => r.slug)).toEqual(byOffset.map((r) => r.slug));
          const shown = byKeyset.slice(0, size);
          walked.push(...shown.map((r) => r.slug));
          const last = shown.at(-1);
          if (!last) break;
          after = { sort, key: [last.k0, last.k1], slug: last.slug };
        }
        expect(new Set(walked).size).toBe(walked.length);
        const all = await browseBooks(app.platform.db, { ...filters, sort, limit: 1000, offset: 0 });
        expect(walked).toEqual(all.map((r) => r.slug));
      }
    });
  }

  test('infinite scroll through /api/browse: page after page, no book twice or missed', async () => {
    for (const sort of BROWSE_SORTS) {
      const walked: string[] = [];
      for (let page = 1; ; page++) {
        const body = (await (await app.fetch(`/api/browse?sort=${sort}&limit=5&page=${page}`)).json()) as BookPageBody;
        walked.push(...body.books.map((b) => b.slug));
        if (!body.has_more) break;
      }
      const whole = (await (await app.fetch(`/api/browse?sort=${sort}&limit=100`)).json()) as BookPageBody;
      expect(walked).toEqual(whole.books.map((b) => b.slug));
      expect(walked).toHaveLength(BOOKS);
    }
  });
});
