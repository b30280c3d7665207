import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';
import type { Book, BookPageBody } from '../../src/features/catalogue/model.ts';
import { createBook, writeChapter } from '../../src/features/catalogue/writes/service.ts';
import { announceChapterChange } from '../../src/features/catalogue/writes/announce.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';

/**
 * Browse, ranking and search answers are cached by query under the catalogue's version
 * (catalogue/version.ts): a repeat costs no database query, and a write shows at once.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function get<T = BookPageBody>(path: string): Promise<T> {
  const res = await app.fetch(path, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const bookIn = (books: Book[], slug: string) => books.find((b) => b.slug === slug);

/** How many queries the app sends to the database while `fn` runs. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  const spy = spyOn(app.platform.db.getExecutor(), 'executeQuery');
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('catalogue listings', () => {
  test('browse, ranking and search are answered without the database, the first time and again', async () => {
    await get('/api/browse'); // the index is loaded
    // The spy sees queries where there are some.
    expect(await queriesDuring(() => app.fetch('/api/book/the-clockwork-heir'))).toBeGreaterThan(0);
    for (const path of ['/api/browse?sort=title&page=1', '/api/browse?genre=fantasy&status=ongoing&page=3&limit=2', '/api/ranking?by=rating', '/api/search?q=dragon', '/api/search?q=drgaon%20ashs', '/browse?sort=new', '/search?q=dragon', '/ranking?by=new', '/api/genres']) {
      let first = '';
      expect(await queriesDuring(async () => (first = await app.fetch(path).then((r) => r.text())))).toBe(0);
      expect(await queriesDuring(async () => expect(await app.fetch(path).then((r) => r.text())).toBe(first))).toBe(0);
    }
    // The same query spelled differently shares the entry (defaults and search words normalised).
    await get('/api/search?q=Ashes%20Dragon');
    expect(await queriesDuring(() => get('/api/search?q=%20ashes,%20DRAGON!'))).toBe(0);
    await get('/api/browse');
    expect(await queriesDuring(() => get('/api/browse?sort=popular&page=1&limit=24'))).toBe(0);
  });

  test('a new book is listed on the very next request', async () => {
    const before = await get('/api/browse?sort=new');
    const slug = await createBook(app.platform.db, { title: 'Quernstone Harbour', author: 'Ida Vell', description: 'Tides.', status: 'ongoing', genres: ['Fantasy'], sourceUrl: null, sourceKey: null, coverKey: null });
    await announceChapterChange(app.platform.cache, slug);
    const after = await get('/api/browse?sort=new');
    expect(after.books[0]!.slug).toBe(slug);
    expect(after.books.length).toBeGreaterThan(before.books.length === 24 ? 23 : before.books.length);
    expect((await get('/api/search?q=quernstone')).books.map((b) => b.slug)).toEqual([slug]);
  });

  test('a rating shows in browse and rankings on the very next request', async () => {
    const slug = 'morning-bread';
    expect(bookIn((await get('/api/browse?sort=title')).books, slug)!.rating_count).toBe(0);
    await get('/api/ranking?by=rating');
    const res = await app.fetch(`/api/ratings/${slug}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-session-id': 'anon-answers-0123456789abcdef' },
      body: JSON.stringify({ rating: 5 }),
    });
    expect(res.status).toBe(200);
    expect(bookIn((await get('/api/browse?sort=title')).books, slug)!.rating_count).toBe(1);
    const ranked = await get<{ books: Book[] }>('/api/ranking?by=rating');
    expect(ranked.books[0]!.slug).toBe(slug);
    expect(ranked.books[0]!.rating_avg).toBe(5);
  });

  test('a new chapter shows in the listing on the very next request', async () => {
    const slug = 'salvage-rights';
    const count = bookIn((await get('/api/browse?sort=title')).books, slug)!.chapter_count;
    await writeChapter(app.platform.db, slug, { number: count + 1, title: 'One more', text: 'A new chapter.' });
    await announceChapterChange(app.platform.cache, slug);
    expect(bookIn((await get('/api/browse?sort=title')).books, slug)!.chapter_count).toBe(count + 1);
    expect((await get('/api/browse?sort=updated')).books[0]!.slug).toBe(slug);
  });

  test('a change announced by a job (which can only publish) retires the answers once heard', async () => {
    const slug = 'ink-and-alibis';
    expect(bookIn((await get('/api/browse?sort=title')).books, slug)!.has_audio).toBe(false);
    await app.platform.db.updateTable('books').set({ has_audio: true }).where('slug', '=', slug).execute();
    // What a job's ctx offers: a publish the runner carries to the shared cache.
    await bumpCatalogueVersion({ publish: (channel, message) => void app.platform.cache.publish(channel, message) });
    let seen = false;
    for (let i = 0; i < 50 && !seen; i++) {
      seen = bookIn((await get('/api/browse?sort=title')).books, slug)!.has_audio;
      if (!seen) await Bun.sleep(20);
    }
    expect(seen).toBe(true);
  });
});
