import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs } from '../support/auth.ts';

let app: TestApp;
const BIG = 'a-very-long-web-novel';
const BIG_CHAPTERS = 5000;

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  const db = app.platform.db;
  await db.insertInto('books').values({ slug: BIG, title: 'A Very Long Web Novel', author: 'Prolific', chapter_count: BIG_CHAPTERS }).execute();
  // One statement for all 5,000 chapters.
  await sql`insert into chapters (book_slug, number, title, text)
            select ${BIG}, g, 'Long chapter ' || g, 'Text of chapter ' || g from generate_series(1, ${BIG_CHAPTERS}) g`.execute(db);
  await db.insertInto('books').values({ slug: 'no-chapters-yet', title: 'No Chapters Yet', author: 'Slow Writer', description: '' }).execute();
});
afterAll(() => app.close());

const json = { accept: 'application/json' };
const html = { accept: 'text/html' };
const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.fetch(path, { headers: { ...html, ...headers } });
  return { res, body: await res.text() };
};
const listed = (body: string) => [...body.matchAll(/<li id="chapter-(\d+)"/g)].map((m) => Number(m[1]));

describe('GET /api/book/{slug}', () => {
  test('the book in the mobile shape and every chapter as {number, title}, in order', async () => {
    const res = await app.fetch('/api/book/ink-and-alibis', { headers: json });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { book: Record<string, unknown>; chapters: { number: number; title: string }[] };
    expect(Object.keys(body).sort()).toEqual(['book', 'chapters']);
    expect(Object.keys(body.book).sort()).toEqual(['author', 'chapter_count', 'content_warnings', 'cover_url', 'description', 'genres', 'has_audio', 'rating_avg', 'rating_count', 'slug', 'status', 'tagline', 'title']);
    expect([body.book.tagline, body.book.content_warnings]).toEqual(['', []]);
    expect(body.book).toMatchObject({ slug: 'ink-and-alibis', title: 'Ink and Alibis', author: 'Margery Fell', status: 'completed', chapter_count: 6, genres: ['Drama', 'Mystery'] });
    expect(body.chapters.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.chapters[0]).toEqual({ number: 1, title: 'The Broken G' });
    expect(body.chapters.every((c) => Object.keys(c).length === 2)).toBe(true);
  });

  test('a 5,000-chapter book lists all of them; from and limit page the list by chapter number', async () => {
    const all = (await (await app.fetch(`/api/book/${BIG}`, { headers: json })).json()) as { chapters: { number: number; title: string }[] };
    expect(all.chapters.length).toBe(BIG_CHAPTERS);
    expect(all.chapters.at(-1)).toEqual({ number: 5000, title: 'Long chapter 5000' });
    const slice = (await (await app.fetch(`/api/book/${BIG}?from=4999&limit=5`, { headers: json })).json()) as { chapters: { number: number }[] };
    expect(slice.chapters.map((c) => c.number)).toEqual([4999, 5000]);
    const past = (await (await app.fetch(`/api/book/${BIG}?from=6000`, { headers: json })).json()) as { chapters: unknown[] };
    expect(past.chapters).toEqual([]);
  });

  test('404 Book not found for an unknown slug; 400 naming the field for bad paging values', async () => {
    const missing = await app.fetch('/api/book/no-such-book', { headers: json });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    for (const [query, field] of [['limit=0', 'limit'], ['limit=10001', 'limit'], ['from=abc', 'from'], ['from=0', 'from'], ['from=1.5', 'from']] as const) {
      const res = await app.fetch(`/api/book/ink-and-alibis?${query}`, { headers: json });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('invalid_request');
      expect(body.message).toContain(field);
    }
  });
});

describe('the book page', () => {
  test('shows cover, title, author, genres, status, rating, description, chapter count and "Start reading"', async () => {
    await app.platform.db.updateTable('books').set({ rating_count: 2, rating_sum: 9 }).where('slug', '=', 'ink-and-alibis').execute();
    const { res, body } = await page('/book/ink-and-alibis');
    expect(res.status).toBe(200);
    expect(body).toContain('<h1 class="book-hero__title">Ink and Alibis</h1>');
    expect(body).toContain('by Margery Fell');
    expect(body).toMatch(/<img class="cover" src="\/covers\/ink-and-alibis\/[0-9a-f]+\.svg" alt="" width="240" height="360"/);
    expect(body).toContain('href="/browse?genre=mystery"');
    expect(body).toContain('href="/browse?genre=drama"');
    expect(body).toContain('Completed');
    expect(body).toContain('4.5 out of 5 from 2 ratings');
    expect(body).toContain('6 chapters');
    expect(body).toContain('Saltmere, 1889.');
    expect(body).toMatch(/<a class="button book-hero__read" href="\/book\/ink-and-alibis\/1">Start reading<\/a>/);
    expect(body).not.toContain('Continue reading');
    expect(body).toContain('class="shelf-control"');
    expect(body).toContain('<meta property="og:type" content="book"/>');
    expect(body).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/covers\/ink-and-alibis\//);
    expect(body).toContain('<title>Ink and Alibis · Chapterhouse</title>');
    expect(body).toMatch(/<meta name="description" content="Saltmere, 1889\. [^"]{50,}…"\/>/);
    expect(listed(body)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body).not.toContain('class="pager"'); // one page only
  });

  test('"Continue reading · Chapter N" once the same visitor has progress, anonymous or signed in', async () => {
    const first = await app.fetch('/book/salvage-rights', { headers: html });
    const cookie = cookieHeader(first);
    expect(cookie).toContain('session_id=');
    const saved = await app.fetch('/api/progress', {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      body: JSON.stringify({ slug: 'salvage-rights', chapter: 7 }),
    });
    expect(saved.status).toBe(200);
    const { body } = await page('/book/salvage-rights', { cookie });
    expect(body).toMatch(/<a class="button book-hero__read" href="\/book\/salvage-rights\/7">Continue reading · Chapter 7<\/a>/);
    expect(body).toMatch(/<a class="chapter-list__link" href="\/book\/salvage-rights\/7" aria-current="true">/);
    // Another visitor still starts at the beginning.
    expect((await page('/book/salvage-rights')).body).toContain('Start reading');

    const session = await loginAs(app, 'book-page-reader');
    await app.fetch('/api/progress', { method: 'POST', headers: { ...json, 'content-type': 'application/json', cookie: session.cookie }, body: JSON.stringify({ slug: 'ink-and-alibis', chapter: 4 }) });
    expect((await page('/book/ink-and-alibis', { cookie: session.cookie })).body).toContain('Continue reading · Chapter 4');
  });

  test('unknown books get the HTML 404 page', async () => {
    const { res, body } = await page('/book/no-such-book');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(body).toContain('<section class="message-page">');
    expect(body).toContain('find that page</h1>');
  });

  test('a book without chapters says so and offers no reading button', async () => {
    const { res, body } = await page('/book/no-chapters-yet');
    expect(res.status).toBe(200);
    expect(body).toContain('No chapters yet');
    expect(body).toContain('This book has no description yet.');
    expect(body).not.toContain('book-hero__read');
    expect(body).not.toContain('chapter-jump');
  });

  test('text from the database is escaped', async () => {
    await app.platform.db.insertInto('books').values({ slug: 'hostile-book', title: '<script>alert(1)</script>', author: '"><img src=x onerror=alert(2)>', description: '<b>bold?</b>' }).execute();
    const { body } = await page('/book/hostile-book');
    // Inside a quoted attribute value "<" is plain text; everywhere else it must be escaped.
    const outsideAttributes = body.replace(/"[^"]*"/g, '""');
    expect(outsideAttributes).not.toContain('<script>alert(1)');
    expect(outsideAttributes).not.toContain('<img src=x');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('&lt;b&gt;bold?&lt;/b&gt;');
  });
});

describe('the chapter list of a 5,000-chapter book', () => {
  test('shows 50 chapters a page with a pager, and answers quickly', async () => {
    await page(`/book/${BIG}`); // warm up
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const { res } = await page(`/book/${BIG}?chapters_page=${1 + i * 10}`);
      expect(res.status).toBe(200);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    if (process.env.TEST_LOG) console.log('5,000-chapter book page, ms:', times.map((t) => t.toFixed(1)).join(' '));
    expect(times[2]!).toBeLessThan(100); // median (about 5 ms here): a page of titles, never all 5,000

    const { body } = await page(`/book/${BIG}`);
    expect(listed(body)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(body.length).toBeLessThan(60_000);
    expect(body).toContain('<nav class="pager"');
    expect(body).toContain(`href="/book/${BIG}?chapters_page=2#chapters" hx-get="/book/${BIG}?chapters_page=2" rel="next"`);
    expect(body).toContain('<span class="visually-hidden">Chapters </span><span>4,951–5,000</span>');
    expect(body).not.toContain('rel="prev"');

    const third = await page(`/book/${BIG}?chapters_page=3`);
    expect(listed(third.body)).toEqual(Array.from({ length: 50 }, (_, i) => i + 101));
    expect(third.body).toContain(`hx-get="/book/${BIG}?chapters_page=2" rel="prev"`);
    expect(third.body).toContain('aria-current="page"><span class="visually-hidden">Chapters </span><span>101–150</span>');

    const last = await page(`/book/${BIG}?chapters_page=100`);
    expect(listed(last.body).at(-1)).toBe(5000);
    expect(last.body).not.toContain('rel="next"');
  });

  test('page numbers past the end show the last page; nonsense shows the first', async () => {
    expect(listed((await page(`/book/${BIG}?chapters_page=999`)).body)[0]).toBe(4951);
    expect(listed((await page(`/book/${BIG}?chapters_page=-3`)).body)[0]).toBe(1);
    expect(listed((await page(`/book/${BIG}?chapters_page=abc`)).body)[0]).toBe(1);
  });

  test('htmx asks for the list only and gets the #chapters section; a history restore gets the page', async () => {
    const hx = { 'hx-request': 'true', 'hx-target': 'chapters' };
    const { res, body } = await page(`/book/${BIG}?chapters_page=7`, hx);
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toContain('HX-Request');
    expect(body.startsWith('<section id="chapters"')).toBe(true);
    expect(body).not.toContain('<html');
    expect(body).toContain('autofocus');
    expect(listed(body)[0]).toBe(301);
    const restore = await page(`/book/${BIG}?chapters_page=7`, { ...hx, 'hx-history-restore-request': 'true' });
    expect(restore.body.startsWith('<!doctype html>')).toBe(true);
    expect(restore.body).not.toContain('autofocus');
  });

  test('"go to chapter" opens that chapter, or the nearest one that exists', async () => {
    const jump = (book: string, value: string) => app.fetch(`/book/${book}?chapter=${encodeURIComponent(value)}`, { headers: html });
    const at = async (book: string, value: string) => {
      const res = await jump(book, value);
      expect(res.status).toBe(303);
      return res.headers.get('location');
    };
    expect(await at(BIG, '1234')).toBe(`/book/${BIG}/1234`);
    expect(await at(BIG, '0')).toBe(`/book/${BIG}/1`);
    expect(await at(BIG, '-7')).toBe(`/book/${BIG}/1`);
    expect(await at(BIG, '999999999')).toBe(`/book/${BIG}/5000`);
    await app.platform.db.deleteFrom('chapters').where('book_slug', '=', BIG).where('number', 'in', [2500, 2501]).execute();
    expect(await at(BIG, '2500')).toBe(`/book/${BIG}/2499`);
    expect(await at(BIG, '2501')).toBe(`/book/${BIG}/2502`);
    // Not a number: the book page itself. An unknown book: 404.
    expect((await jump(BIG, 'soon')).status).toBe(200);
    expect((await jump('no-such-book', '3')).status).toBe(404);
    expect((await jump('no-chapters-yet', '3')).status).toBe(200);
  });
});
