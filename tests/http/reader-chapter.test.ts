import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR, parseChapterFile } from '../../src/features/demo/content-reader.ts';
import { RENDER_VERSION } from '../../src/platform/markup/chapter-html.ts';
import { announceChapterChange } from '../../src/features/catalogue/writes/announce.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { TEST_ORIGIN, cookieHeader } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const json = { accept: 'application/json' };
const html = { accept: 'text/html' };
const getJson = async (path: string) => {
  const res = await app.fetch(path, { headers: json });
  return { res, body: (await res.json()) as Record<string, any> };
};
const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.fetch(path, { headers: { ...html, ...headers } });
  return { res, body: await res.text() };
};
const demoChapter = (slug: string, n: number) =>
  parseChapterFile(n, readFileSync(join(CONTENT_DIR, slug, 'chapters', `${String(n).padStart(3, '0')}.md`), 'utf8'));

describe('GET /api/chapter/{slug}/{n}', () => {
  test('the chapter with its markdown, its sanitised HTML and the neighbouring chapter numbers', async () => {
    const { res, body } = await getJson('/api/chapter/ink-and-alibis/2');
    expect(res.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['book', 'chapter', 'next', 'prev']);
    expect(body.book).toEqual({ slug: 'ink-and-alibis', title: 'Ink and Alibis' });
    expect(Object.keys(body.chapter).sort()).toEqual(['html', 'number', 'text', 'title']);
    const expected = demoChapter('ink-and-alibis', 2);
    expect(body.chapter).toMatchObject({ number: 2, title: expected.title, text: expected.text });
    expect(body.chapter.html).toStartWith('<p>Nell did not say it');
    expect(body.chapter.html).toContain('<em>g</em>');
    expect(body.prev).toBe(1);
    expect(body.next).toBe(3);
  });

  test('prev is null on the first chapter and next is null on the last; gaps are skipped', async () => {
    expect((await getJson('/api/chapter/ink-and-alibis/1')).body).toMatchObject({ prev: null, next: 2 });
    expect((await getJson('/api/chapter/ink-and-alibis/6')).body).toMatchObject({ prev: 5, next: null });
    await app.platform.db.deleteFrom('chapters').where('book_slug', '=', 'letters-to-the-lighthouse').where('number', '=', 3).execute();
    await announceChapterChange(app.platform.cache, 'letters-to-the-lighthouse');
    expect((await getJson('/api/chapter/letters-to-the-lighthouse/2')).body).toMatchObject({ prev: 1, next: 4 });
    expect((await getJson('/api/chapter/letters-to-the-lighthouse/4')).body).toMatchObject({ prev: 2, next: 5 });
  });

  test('404 Book not found / Chapter not found', async () => {
    const book = await getJson('/api/chapter/no-such-book/1');
    expect(book.res.status).toBe(404);
    expect(book.body).toEqual({ error: 'not_found', message: 'Book not found' });
    const chapter = await getJson('/api/chapter/ink-and-alibis/7');
    expect(chapter.res.status).toBe(404);
    expect(chapter.body).toEqual({ error: 'not_found', message: 'Chapter not found' });
    expect((await getJson('/api/chapter/letters-to-the-lighthouse/3')).body.message).toBe('Chapter not found');
  });

  test('400 naming n when it is not a positive whole number', async () => {
    for (const n of ['0', '-1', '1.5', 'abc', '1e99']) {
      const { res, body } = await getJson(`/api/chapter/ink-and-alibis/${n}`);
      expect(res.status).toBe(400);
      expect(body.error).toBe('invalid_request');
      expect(body.message).toStartWith('n must be');
    }
  });

  test('?locale= is accepted and, until translations exist, changes nothing', async () => {
    const plain = await getJson('/api/chapter/ink-and-alibis/3');
    const pt = await getJson('/api/chapter/ink-and-alibis/3?locale=pt');
    expect(pt.res.status).toBe(200);
    expect(pt.body).toEqual(plain.body);
  });
});

describe('rendering and its cache', () => {
  test('an edited chapter renders anew, in the JSON and on the page, keyed by a hash of its text', async () => {
    const db = app.platform.db;
    const before = await getJson('/api/chapter/morning-bread/2');
    await page('/book/morning-bread/2');
    const oldKey = `reader:html:${RENDER_VERSION}:${createHash('md5').update(before.body.chapter.text).digest('hex')}`;
    expect(await app.platform.cache.get(oldKey)).toBe(before.body.chapter.html);

    // Only the text changes: not content_hash, not updated_at. Writers announce their changes
    // (the chapter page cache of every process drops the book); the rendering is keyed by the text.
    const text = 'A **rewritten** chapter.\n\n<script>alert(1)</script>\n\n[a link](javascript:alert(2)) and [a real one](https://example.com/)';
    await db.updateTable('chapters').set({ text }).where('book_slug', '=', 'morning-bread').where('number', '=', 2).execute();
    await announceChapterChange(app.platform.cache, 'morning-bread');
    const after = await getJson('/api/chapter/morning-bread/2');
    expect(after.body.chapter.text).toBe(text);
    expect(after.body.chapter.html).toBe(
      '<p>A <strong>rewritten</strong> chapter.</p>\n<p><a>a link</a> and <a href="https://example.com/" rel="nofollow noopener ugc">a real one</a></p>',
    );
    const { body } = await page('/book/morning-bread/2');
    expect(body).toContain('<p>A <strong>rewritten</strong> chapter.</p>');
    expect(body).not.toContain('alert(');
  });

  test('a page whose rendering is in neither cache still reads (the text is fetched once)', async () => {
    await app.platform.db.updateTable('chapters').set({ text: 'Fresh *text* ' + Date.now() }).where('book_slug', '=', 'morning-bread').where('number', '=', 3).execute();
    await announceChapterChange(app.platform.cache, 'morning-bread');
    const { res, body } = await page('/book/morning-bread/3');
    expect(res.status).toBe(200);
    expect(body).toMatch(/<div class="reader__text" lang="en"><p>Fresh <em>text<\/em> \d+<\/p><\/div>/);
  });
});

describe('the reader page', () => {
  test('book link, chapter title, reading column, prev/next, chapter list link, prefetch, script data', async () => {
    const { res, body } = await page('/book/ink-and-alibis/2');
    expect(res.status).toBe(200);
    expect(body).toContain('<title>Who Holds the Key · Ink and Alibis · Chapterhouse</title>');
    expect(body).toContain('<meta property="og:type" content="article"/>');
    expect(body).toContain('<meta name="description" content="Chapter 2 of Ink and Alibis by Margery Fell"/>');
    expect(body).toContain('<p class="reader__book"><a href="/book/ink-and-alibis">Ink and Alibis</a></p>');
    expect(body).toContain('<h1 class="reader__title" lang="en">Who Holds the Key</h1>');
    expect(body).toContain('Chapter 2 of 6');
    expect(body).toContain('<div class="reader__text" lang="en"><p>Nell did not say it');
    expect(body).toMatch(/<a class="[^"]*" rel="prev" href="\/book\/ink-and-alibis\/1">/);
    expect(body).toMatch(/<a class="[^"]*" rel="next" href="\/book\/ink-and-alibis\/3">/);
    expect(body).toContain('<a class="reader-nav__contents" href="/book/ink-and-alibis#chapter-2">All chapters</a>');
    expect(body).toContain('<link rel="prefetch" href="/book/ink-and-alibis/3"/>');
    expect(body).toMatch(/<script src="\/assets\/js\/reader\.[0-9a-f]+\.js" defer><\/script>/);
    expect(body).toContain('data-reader data-slug="ink-and-alibis" data-chapter="2" data-prev-url="/book/ink-and-alibis/1" data-next-url="/book/ink-and-alibis/3"');
    expect(body).not.toContain('data-scroll');
    // No inline scripts (CSP): every <script> has a src.
    expect(body.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
  });

  test('the first and last chapters have no link beyond the book; the last says where the reader is', async () => {
    const first = await page('/book/ink-and-alibis/1');
    expect(first.body).not.toContain('rel="prev"');
    expect(first.body).not.toContain('data-prev-url');
    const last = await page('/book/ink-and-alibis/6');
    expect(last.body).not.toContain('rel="next"');
    expect(last.body).not.toContain('rel="prefetch"');
    expect(last.body).toContain('The end. Thank you for reading.'); // a completed book
    expect((await page('/book/morning-bread/5')).body).toContain('this is the latest chapter'); // an ongoing one
  });

  test('the page is the same for every reader: the saved place comes from /api/progress, not the page', async () => {
    const cookie = cookieHeader(await app.fetch('/book/salvage-rights/3', { headers: html }));
    const save = await app.fetch('/api/progress', {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      body: JSON.stringify({ slug: 'salvage-rights', chapter: 3, scroll: 0.4 }),
    });
    expect(save.status).toBe(200);
    const mine = await page('/book/salvage-rights/3', { cookie });
    expect(mine.body).not.toContain('data-scroll');
    expect(mine.body).toBe((await page('/book/salvage-rights/3')).body); // someone else's page
    // What public/js/reader.js reads before it records the visit.
    const progress = await app.fetch('/api/progress/salvage-rights', { headers: { ...json, cookie } });
    expect(((await progress.json()) as any).progress).toMatchObject({ slug: 'salvage-rights', chapter: 3, scroll: 0.4 });
  });

  test('the chapter list link points at the page of the list that holds the chapter', async () => {
    const db = app.platform.db;
    await db.insertInto('books').values({ slug: 'two-pages', title: 'Two Pages', author: 'A. N. Author', chapter_count: 1 }).execute();
    await db.insertInto('chapters').values({ book_slug: 'two-pages', number: 150, title: '', text: 'Late start.' }).execute();
    const { body } = await page('/book/two-pages/150');
    expect(body).toContain('href="/book/two-pages?chapters_page=3#chapter-150"');
    expect(body).toContain('<h1 class="reader__title" lang="en">Chapter 150</h1>'); // untitled chapters get a name
  });

  test('unknown books, unknown chapters and malformed numbers get the HTML 404 page', async () => {
    for (const path of ['/book/no-such-book/1', '/book/ink-and-alibis/7', '/book/ink-and-alibis/0', '/book/ink-and-alibis/abc', '/book/ink-and-alibis/1.5']) {
      const { res, body } = await page(path);
      expect(res.status).toBe(404);
      expect(body).toContain('<section class="message-page">');
    }
  });

  test('hostile chapter text is sanitised on the page', async () => {
    const db = app.platform.db;
    await db.updateTable('chapters').set({ text: '<img src=x onerror=alert(1)>\n\n<svg onload=alert(2)></svg>\n\n<iframe src="https://evil.example"></iframe>\n\nSafe words.' })
      .where('book_slug', '=', 'morning-bread').where('number', '=', 4).execute();
    await announceChapterChange(app.platform.cache, 'morning-bread');
    const { body } = await page('/book/morning-bread/4');
    const text = /<div class="reader__text" lang="en">([\s\S]*?)<\/div>/.exec(body)?.[1];
    expect(text).toBe('<p>Safe words.</p>');
  });
});
