import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startScrapeApp, type ScrapeTestApp } from '../support/scrape-app.ts';
import { IRON_ARCHIVE, RR_FICTION_ID, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { loginAs, type Session } from '../support/auth.ts';
import { adminPost, startScrape, waitForTask } from '../support/scrape-tasks.ts';

/** A whole book scraped from the local source site, through the running app and a real worker. */
let site: SourceSite;
let app: ScrapeTestApp;
let admin: Session;

beforeAll(async () => {
  site = await startSourceSite();
  app = await startScrapeApp({ siteUrl: site.novelfireUrl, royalroadUrl: site.royalroadUrl, sources: { maxRetries: 2, timeoutMs: 1500, maxBackoffMs: 200 } });
  admin = await loginAs(app, 'scrape-admin', { role: 'admin' });
});
afterAll(async () => {
  await app.close();
  await site.close();
});

const bookOf = (sourceKey: string) => app.platform.db.selectFrom('books').selectAll().where('source_key', '=', sourceKey).executeTakeFirst();

describe('the 300-chapter book', () => {
  test('is scraped end to end: every chapter once, in order, clean, with its metadata and cover', async () => {
    const id = await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}/chapter-12` });
    const task = await waitForTask(app, admin, id);
    expect(task.status).toBe('done');
    expect(task.detail).toMatchObject({ total: 300, handled: 300, added: 300, failed: 0, gaps: [] });
    expect(task.progress).toBe(1);
    expect(task.duration).toBeGreaterThan(0);

    const book = (await bookOf(`novelfire:${IRON_ARCHIVE}`))!;
    expect(book).toMatchObject({ slug: IRON_ARCHIVE, title: 'The Iron Archive', author: 'Selma Ork', status: 'completed', chapter_count: 300, source_url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}` });
    // The source's SVG cover is stored drawn as a PNG: no stored cover is an SVG (features/covers/storable.ts).
    expect(book.cover_key).toMatch(/^covers\/the-iron-archive\/[0-9a-f]{12}\.png$/);
    expect(book.description).toContain('Three hundred chapters');
    const genres = await app.platform.db.selectFrom('book_genres').select('genre_slug').where('book_slug', '=', IRON_ARCHIVE).orderBy('genre_slug').execute();
    expect(genres.map((g) => g.genre_slug)).toEqual(['fantasy', 'martial-arts', 'mystery']);

    const numbers = await app.platform.db.selectFrom('chapters').select(['number', 'source_key']).where('book_slug', '=', IRON_ARCHIVE).orderBy('number').execute();
    expect(numbers.map((c) => c.number)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(numbers.every((c) => c.source_key === String(c.number))).toBe(true);

    const texts = await app.platform.db.selectFrom('chapters').select(['number', 'title', 'text']).where('book_slug', '=', IRON_ARCHIVE).execute();
    for (const chapter of texts) {
      expect(chapter.text).not.toMatch(/n[o0]vel\s*f[i1]re|NoveIFire|ADVERTISEMENT|ad blocker|document\.write|Support us/i);
      expect(chapter.text.split('\n')[0]).not.toMatch(/^Chapter \d+/);
      expect(chapter.text).not.toContain('\u00a0');
      expect(chapter.title).toMatch(new RegExp(`^Chapter ${chapter.number}: `));
      expect(chapter.text.length).toBeGreaterThan(500);
    }
    // The prose around a spliced watermark survives.
    const fifth = texts.find((c) => c.number === 5)!;
    expect(fifth.text).toContain('continues.');

    // Readers see it: the API, search and the chapter page.
    const api = (await (await app.fetch(`/api/book/${IRON_ARCHIVE}`)).json()) as { book: { chapter_count: number }; chapters: unknown[] };
    expect(api.book.chapter_count).toBe(300);
    const found = (await (await app.fetch('/api/search?q=iron+archive')).json()) as { books: { slug: string }[] };
    expect(found.books[0]?.slug).toBe(IRON_ARCHIVE);
    expect((await app.fetch(`/book/${IRON_ARCHIVE}/300`)).status).toBe(200);
  });

  test('a re-scrape adds nothing twice and leaves unchanged chapters alone', async () => {
    const before = await app.platform.db.selectFrom('chapters').select(sql<string>`max(updated_at)::text`.as('at')).where('book_slug', '=', IRON_ARCHIVE).executeTakeFirstOrThrow();
    site.control.requests.length = 0;
    const task = await waitForTask(app, admin, await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}` }));
    expect(task.detail).toMatchObject({ added: 0, updated: 0, unchanged: 300, failed: 0 });
    const after = await app.platform.db.selectFrom('chapters').select(sql<string>`max(updated_at)::text`.as('at')).where('book_slug', '=', IRON_ARCHIVE).executeTakeFirstOrThrow();
    expect(after.at).toBe(before.at);
    // Chapter 150 is listed twice by the site: fetched once.
    expect(site.control.requests.filter((r) => r.path === `/book/${IRON_ARCHIVE}/chapter-150`)).toHaveLength(1);
  });

  test('the task list and notification tell the admin', async () => {
    const res = await app.fetch('/api/admin/scrape-tasks', { headers: { cookie: admin.cookie } });
    const { tasks } = (await res.json()) as { tasks: { status: string; book_slug: string | null }[] };
    expect(tasks.length).toBeGreaterThanOrEqual(2);
    expect(tasks.every((t) => t.status === 'done' && t.book_slug === IRON_ARCHIVE)).toBe(true);
    const notes = await app.platform.db.selectFrom('notifications').select(['title', 'link']).where('user_id', '=', admin.user.id).orderBy('id').execute();
    expect(notes[0]!.title).toBe('“The Iron Archive” finished: 300 new chapters');
    expect(notes[0]!.link).toStartWith('/admin/scraping?task=');
  });
});

describe('ranges', () => {
  test('from..to fetches exactly those chapters; without `to` it runs to the last chapter', async () => {
    const url = `${site.royalroadUrl}/fiction/${RR_FICTION_ID}/the-cartographers-war`;
    const first = await adminPost(app, admin, '/api/scrape/range', { url, from: 3, to: 5 });
    expect(first.status).toBe(202);
    const done = await waitForTask(app, admin, ((await first.json()) as { task_id: string }).task_id);
    expect(done.detail).toMatchObject({ total: 3, added: 3 });
    const slug = done.book_slug!;
    const stored = async () => (await app.platform.db.selectFrom('chapters').select('number').where('book_slug', '=', slug).orderBy('number').execute()).map((c) => c.number);
    expect(await stored()).toEqual([3, 4, 5]);

    const rest = await adminPost(app, admin, '/api/scrape/range', { url, from: 10 });
    const later = await waitForTask(app, admin, ((await rest.json()) as { task_id: string }).task_id);
    expect(later.detail).toMatchObject({ total: 3, added: 3 });
    expect(await stored()).toEqual([3, 4, 5, 10, 11, 12]);
    const book = await app.platform.db.selectFrom('books').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(book).toMatchObject({ title: "The Cartographer's War", author: 'Mika Stroud', chapter_count: 6, source_key: `royalroad:${RR_FICTION_ID}` });

    // Royal Road: the author's note is not in the text, nor the line the page's own style hides.
    const chapter = await app.platform.db.selectFrom('chapters').select('text').where('book_slug', '=', slug).where('number', '=', 4).executeTakeFirstOrThrow();
    expect(chapter.text).not.toContain('Thanks for reading');
    expect(chapter.text).not.toMatch(/Royal Road|Amazon/i);
  });
});
