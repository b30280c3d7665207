import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';
import type { Book, BookPageBody, Genre } from '../../src/features/catalogue/model.ts';

let app: TestApp;
/** After a direct write to the database, which no writer announces (catalogue/version.ts). */
const changed = () => bumpCatalogueVersion(app.platform.cache);
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const BOOK_KEYS = ['author', 'chapter_count', 'cover_url', 'description', 'genres', 'has_audio', 'rating_avg', 'rating_count', 'slug', 'status', 'title'];

async function get<T = BookPageBody>(path: string): Promise<{ status: number; body: T }> {
  const res = await app.fetch(path, { headers: { accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as T };
}
const slugs = (books: Book[]) => books.map((b) => b.slug);

describe('GET /api/browse', () => {
  test('the first page of the whole catalogue, in the fixed book shape', async () => {
    const { status, body } = await get('/api/browse');
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.has_more).toBe(false);
    expect(body.books).toHaveLength(12);
    for (const book of body.books) expect(Object.keys(book).sort()).toEqual(BOOK_KEYS);
    expect(new Set(slugs(body.books)).size).toBe(12);
  });

  test('pages follow each other without overlap and end with has_more false, then an empty page', async () => {
    const seen: string[] = [];
    const flags: boolean[] = [];
    for (const page of [1, 2, 3]) {
      const { body } = await get(`/api/browse?limit=5&page=${page}`);
      expect(body.page).toBe(page);
      seen.push(...slugs(body.books));
      flags.push(body.has_more);
    }
    expect(flags).toEqual([true, true, false]);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect((await get('/api/browse?limit=5&page=4')).body).toEqual({ books: [], page: 4, has_more: false });
    expect((await get('/api/browse?page=2')).body).toEqual({ books: [], page: 2, has_more: false });
  });

  test('an exact multiple of the page size does not promise a further page', async () => {
    expect((await get('/api/browse?limit=6&page=2')).body.has_more).toBe(false);
    expect((await get('/api/browse?limit=12')).body.has_more).toBe(false);
    expect((await get('/api/browse?limit=11')).body.has_more).toBe(true);
  });

  test('bad values are 400 with a message naming the field', async () => {
    const cases: [string, string][] = [
      ['sort=foo', 'sort'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['status=x', 'status'],
      ['audio=2', 'audio'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await get<{ error: string; message: string }>(`/api/browse?${query}`);
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_request');
      expect(body.message.startsWith(field)).toBe(true);
    }
  });

  test('limit up to 100 is accepted', async () => {
    const { status, body } = await get('/api/browse?limit=100');
    expect(status).toBe(200);
    expect(body.books).toHaveLength(12);
  });
});

describe('filters', () => {
  test('genre takes a slug; every listed book has that genre', async () => {
    const fantasy = (await get('/api/browse?genre=fantasy')).body.books;
    expect(fantasy.length).toBe(4);
    for (const book of fantasy) expect(book.genres).toContain('Fantasy');
    const martial = (await get('/api/browse?genre=martial-arts')).body.books;
    expect(slugs(martial)).toEqual(['the-ninth-mountain-sect']);
  });

  test('an unknown genre slug is an empty list, not an error', async () => {
    const { status, body } = await get('/api/browse?genre=no-such-genre');
    expect(status).toBe(200);
    expect(body).toEqual({ books: [], page: 1, has_more: false });
  });

  test('status filters ongoing and completed; empty means any', async () => {
    const all = (await get('/api/browse')).body.books;
    const completed = (await get('/api/browse?status=completed')).body.books;
    const ongoing = (await get('/api/browse?status=ongoing')).body.books;
    expect(completed.every((b) => b.status === 'completed')).toBe(true);
    expect(ongoing.every((b) => b.status === 'ongoing')).toBe(true);
    expect(completed.length).toBe(all.filter((b) => b.status === 'completed').length);
    expect(completed.length + ongoing.length).toBe(12);
    expect((await get('/api/browse?status=&genre=&sort=')).body.books).toHaveLength(12);
  });

  test('filters combine', async () => {
    const books = (await get('/api/browse?genre=mystery&status=completed')).body.books;
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) {
      expect(book.genres).toContain('Mystery');
      expect(book.status).toBe('completed');
    }
  });

  test('audio=1 lists books with audio only, and /api/audio/slugs lists their slugs', async () => {
    expect((await get('/api/browse?audio=1')).body.books).toEqual([]);
    expect((await get<{ slugs: string[] }>('/api/audio/slugs')).body).toEqual({ slugs: [] });
    await app.platform.db.updateTable('books').set({ has_audio: true }).where('slug', 'in', ['ink-and-alibis', 'morning-bread']).execute();
    await changed();
    const withAudio = (await get('/api/browse?audio=1&sort=title')).body.books;
    expect(slugs(withAudio)).toEqual(['ink-and-alibis', 'morning-bread']);
    expect(withAudio.every((b) => b.has_audio)).toBe(true);
    expect((await get('/api/browse?audio=0')).body.books).toHaveLength(12);
    expect((await get<{ slugs: string[] }>('/api/audio/slugs')).body).toEqual({ slugs: ['ink-and-alibis', 'morning-bread'] });
    await app.platform.db.updateTable('books').set({ has_audio: false }).execute();
    await changed();
  });
});

describe('sort orders', () => {
  async function column(name: 'created_at' | 'updated_at') {
    return app.platform.db.selectFrom('books').select(['slug', name]).execute() as Promise<{ slug: string; [k: string]: unknown }[]>;
  }

  test('new is by creation, newest first; updated by last change', async () => {
    // A book made "newest" and another "just updated" by hand, so the order is not the seed's.
    await app.platform.db.updateTable('books').set({ created_at: sql<Date>`now() + interval '1 day'` }).where('slug', '=', 'morning-bread').execute();
    await app.platform.db.updateTable('books').set({ updated_at: sql<Date>`now() + interval '1 day'` }).where('slug', '=', 'salvage-rights').execute();
    await changed();
    for (const [sort, name] of [['new', 'created_at'], ['updated', 'updated_at']] as const) {
      const rows = await column(name);
      const expected = rows.sort((a, b) => new Date(b[name] as Date).getTime() - new Date(a[name] as Date).getTime() || a.slug.localeCompare(b.slug)).map((r) => r.slug);
      expect(slugs((await get(`/api/browse?sort=${sort}`)).body.books)).toEqual(expected);
    }
    expect(slugs((await get('/api/browse?sort=new')).body.books)[0]).toBe('morning-bread');
    expect(slugs((await get('/api/browse?sort=updated')).body.books)[0]).toBe('salvage-rights');
  });

  test('title is alphabetical, ignoring case', async () => {
    const titles = (await get('/api/browse?sort=title')).body.books.map((b) => b.title.toLowerCase());
    expect(titles[0]).toBe('ashes of the dragon throne');
    for (let i = 1; i < titles.length; i++) expect(titles[i]![0]! >= titles[i - 1]![0]!).toBe(true);
  });

  test('rating is the weighted score: rated books first, unrated after them by slug', async () => {
    const db = app.platform.db;
    await db.updateTable('books').set({ rating_count: 1, rating_sum: 5 }).where('slug', '=', 'the-clockwork-heir').execute();
    await db.updateTable('books').set({ rating_count: 50, rating_sum: 225 }).where('slug', '=', 'salvage-rights').execute();
    await db.updateTable('books').set({ rating_count: 3, rating_sum: 3 }).where('slug', '=', 'morning-bread').execute();
    await changed();
    const order = slugs((await get('/api/browse?sort=rating')).body.books);
    // A 1-star book (score 2.5) still comes before unrated ones (no score at all).
    expect(order.slice(0, 3)).toEqual(['salvage-rights', 'the-clockwork-heir', 'morning-bread']);
    const rest = order.slice(3);
    expect(rest).toEqual([...rest].sort());
    await db.updateTable('books').set({ rating_count: 0, rating_sum: 0 }).execute();
    await changed();
  });

  test('popular is readers this week, then this month, then slug', async () => {
    const db = app.platform.db;
    await db.updateTable('books').set({ reads_7d: 2, reads_30d: 2 }).where('slug', '=', 'the-last-train-to-veld').execute();
    await db.updateTable('books').set({ reads_7d: 2, reads_30d: 9 }).where('slug', '=', 'ink-and-alibis').execute();
    await db.updateTable('books').set({ reads_7d: 0, reads_30d: 4 }).where('slug', '=', 'second-chance-academy').execute();
    await changed();
    const order = slugs((await get('/api/browse?sort=popular')).body.books);
    expect(order.slice(0, 3)).toEqual(['ink-and-alibis', 'the-last-train-to-veld', 'second-chance-academy']);
    expect(order.slice(3)).toEqual([...order.slice(3)].sort());
    // popular is the default sort, and the home page's popular shelf uses the same order.
    expect(slugs((await get('/api/browse')).body.books)).toEqual(order);
    const home = await app.fetch('/').then((r) => r.text());
    const shelf = home.slice(home.indexOf('id="shelf-popular"'));
    expect(shelf.indexOf('/book/ink-and-alibis')).toBeLessThan(shelf.indexOf('/book/the-last-train-to-veld'));
    await db.updateTable('books').set({ reads_7d: 0, reads_30d: 0 }).execute();
    await changed();
  });
});

describe('/api/browse-page and /api/genres', () => {
  test('browse-page answers the same body as browse for the same query', async () => {
    for (const query of ['', '?genre=fantasy&sort=title', '?status=completed&limit=2&page=2', '?sort=foo']) {
      const a = await get<unknown>(`/api/browse${query}`);
      const b = await get<unknown>(`/api/browse-page${query}`);
      expect(b).toEqual(a);
    }
  });

  test('genres list slug, name and the number of books, matching the filter', async () => {
    const { status, body } = await get<{ genres: Genre[] }>('/api/genres');
    expect(status).toBe(200);
    const all = (await get('/api/browse?limit=100')).body.books;
    expect(body.genres.length).toBeGreaterThan(5);
    for (const genre of body.genres) {
      expect(genre.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(genre.count).toBe(all.filter((b) => b.genres.includes(genre.name)).length);
      expect((await get(`/api/browse?genre=${genre.slug}`)).body.books).toHaveLength(genre.count);
    }
    expect(body.genres.find((g) => g.slug === 'slice-of-life')).toEqual({ slug: 'slice-of-life', name: 'Slice of Life', count: 2 });
    const names = body.genres.map((g) => g.name);
    expect(names).toEqual([...names].sort());
  });
});
