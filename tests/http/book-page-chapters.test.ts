import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { TEST_ORIGIN, cookieHeader } from '../support/auth.ts';

// The book page's chapter list: 50 a page, oldest or newest first, dates, one number per
// chapter, the reader's place, and the book's language on its description.
let app: TestApp;
const SLUG = 'the-bell-tower';
const CHAPTERS = 120;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.platform.db;
  await db.insertInto('books').values({ slug: SLUG, title: 'A Torre do Sino', author: 'Inês Prado', chapter_count: CHAPTERS, language: 'pt', description: 'Uma cidade, um sino.\n\nE um segredo.' }).execute();
  // Chapter g was added g days after 1 March 2026 (noon UTC), so every date is known.
  await sql`insert into chapters (book_slug, number, title, text, created_at)
            select ${SLUG}, g, 'Title ' || g, 'Text ' || g, timestamptz '2026-03-01 12:00:00+00' + (g - 1) * interval '1 day'
            from generate_series(1, ${CHAPTERS}) g`.execute(db);
  const titles: [number, string][] = [[3, '3. The Bell'], [4, 'Chapter 4: The Rope'], [5, 'Ch. 5 - Dust'], [6, 'Chapter 6'], [12, '300 Spartans'], [13, '13 - <b>Bold</b>']];
  for (const [n, title] of titles) await db.updateTable('chapters').set({ title }).where('book_slug', '=', SLUG).where('number', '=', n).execute();
});
afterAll(() => app.close());

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...headers } });
  return { res, body: await res.text() };
};
const listed = (body: string) => [...body.matchAll(/<li id="chapter-(\d+)"/g)].map((m) => Number(m[1]));
const row = (body: string, n: number) => {
  const start = body.indexOf(`<li id="chapter-${n}"`);
  expect(start).toBeGreaterThan(-1);
  return body.slice(start, body.indexOf('</li>', start));
};
const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

describe('50 chapters a page, oldest or newest first', () => {
  test('oldest first by default: 1–50, a pager, and the order switch marking "Oldest first"', async () => {
    const { res, body } = await page(`/book/${SLUG}`);
    expect(res.status).toBe(200);
    expect(listed(body)).toEqual(range(1, 50));
    expect(body).toContain(`<a href="/book/${SLUG}?chapters_page=2#chapters" hx-get="/book/${SLUG}?chapters_page=2" rel="next"`);
    expect(body).toContain('<span class="visually-hidden">Chapters </span><span>101–120</span>');
    expect(body).toContain(`<a class="chapter-order__option" href="/book/${SLUG}#chapters" hx-get="/book/${SLUG}" aria-current="true">Oldest first</a>`);
    expect(body).toContain(`<a class="chapter-order__option" href="/book/${SLUG}?order=newest#chapters" hx-get="/book/${SLUG}?order=newest">Newest first</a>`);
    expect(listed((await page(`/book/${SLUG}?chapters_page=3`)).body)).toEqual(range(101, 120));
  });

  test('newest first: page 1 holds the highest numbers, downwards, and every pager link keeps the order', async () => {
    const first = await page(`/book/${SLUG}?order=newest`);
    expect(first.res.status).toBe(200);
    expect(listed(first.body)).toEqual(range(120, 101));
    expect(first.body).toContain(`<a class="chapter-order__option" href="/book/${SLUG}?order=newest#chapters" hx-get="/book/${SLUG}?order=newest" aria-current="true">Newest first</a>`);
    expect(first.body).toContain('aria-current="page"><span class="visually-hidden">Chapters </span><span>120–101</span>');
    expect(first.body).toContain(`href="/book/${SLUG}?chapters_page=2&order=newest#chapters" hx-get="/book/${SLUG}?chapters_page=2&order=newest" rel="next" class="pager__step"><span>Earlier ›</span>`);
    expect(first.body).not.toContain('rel="prev"');
    const pagerLinks = [...first.body.slice(first.body.indexOf('<nav class="pager"')).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(pagerLinks.length).toBeGreaterThan(2);
    for (const href of pagerLinks.filter((h) => h.includes('chapters_page'))) expect(href).toContain('order=newest');

    const second = await page(`/book/${SLUG}?chapters_page=2&order=newest`);
    expect(listed(second.body)).toEqual(range(100, 51));
    expect(second.body).toContain(`hx-get="/book/${SLUG}?order=newest" rel="prev" class="pager__step"><span>‹ Later</span>`);
    const last = await page(`/book/${SLUG}?chapters_page=3&order=newest`);
    expect(listed(last.body)).toEqual(range(50, 1));
    expect(last.body).not.toContain('rel="next"');
    // Past the end: the last page in that order; an unknown order is the default one.
    expect(listed((await page(`/book/${SLUG}?chapters_page=99&order=newest`)).body)).toEqual(range(50, 1));
    expect(listed((await page(`/book/${SLUG}?order=sideways`)).body)).toEqual(range(1, 50));
  });

  test('htmx asks for the list in the chosen order and gets only #chapters', async () => {
    const { res, body } = await page(`/book/${SLUG}?chapters_page=2&order=newest`, { 'hx-request': 'true', 'hx-target': 'chapters' });
    expect(res.status).toBe(200);
    expect(body.startsWith('<section id="chapters"')).toBe(true);
    expect(listed(body)).toEqual(range(100, 51));
    expect(body).toContain('hx-target="#chapters"');
  });

  test('a book with gaps lists only what exists, and newest first still starts at its last chapter', async () => {
    const db = app.platform.db;
    await db.insertInto('books').values({ slug: 'gappy', title: 'Gappy', author: 'G' }).execute();
    await db.insertInto('chapters').values([1, 2, 60, 149].map((number) => ({ book_slug: 'gappy', number, title: `T${number}`, text: 'x' }))).execute();
    expect(listed((await page('/book/gappy?order=newest')).body)).toEqual([149]);
    expect(listed((await page('/book/gappy?order=newest&chapters_page=2')).body)).toEqual([60]);
    expect(listed((await page('/book/gappy?order=newest&chapters_page=3')).body)).toEqual([2, 1]);
    expect(listed((await page('/book/gappy')).body)).toEqual([1, 2]);
  });
});

describe('each row', () => {
  test('shows the date the chapter was added as <time datetime>, in the reader\'s language', async () => {
    const en = await page(`/book/${SLUG}`);
    expect(row(en.body, 3)).toContain('<time class="chapter-list__date" datetime="2026-03-03">Mar 3, 2026</time>');
    expect(row(en.body, 50)).toContain('<time class="chapter-list__date" datetime="2026-04-19">Apr 19, 2026</time>');
    const fr = await page(`/book/${SLUG}`, { 'accept-language': 'fr' });
    expect(row(fr.body, 3)).toContain('<time class="chapter-list__date" datetime="2026-03-03">3 mars 2026</time>');
    const pt = await page(`/book/${SLUG}?order=newest`, { 'accept-language': 'pt-BR' });
    expect(row(pt.body, 120)).toContain('<time class="chapter-list__date" datetime="2026-06-28">28 de jun. de 2026</time>');
  });

  test('shows the chapter number once: a leading copy of it is dropped from the title, other numbers stay', async () => {
    const { body } = await page(`/book/${SLUG}`);
    const title = (n: number) => /<span class="chapter-list__title">([^<]*(?:<(?!\/span>)[^<]*)*)<\/span>/.exec(row(body, n))?.[1];
    expect(title(3)).toBe('The Bell');
    expect(title(4)).toBe('The Rope');
    expect(title(5)).toBe('Dust');
    expect(title(6)).toBe('Chapter 6'); // nothing but the number: the usual name of an untitled chapter
    expect(title(12)).toBe('300 Spartans');
    expect(title(13)).toBe('&lt;b&gt;Bold&lt;/b&gt;'); // still escaped
    expect(title(7)).toBe('Title 7');
    expect(row(body, 3)).toContain('<span class="chapter-list__number">3</span>');
    // The chapter page keeps the chapter's own title.
    expect((await page(`/book/${SLUG}/3`)).body).toContain('<h1 class="reader__title" lang="pt">3. The Bell</h1>');
  });
});

describe("the reader's place", () => {
  async function visitorAt(chapter: number): Promise<string> {
    const cookie = cookieHeader(await app.fetch(`/book/${SLUG}`, { headers: { accept: 'text/html' } }));
    const saved = await app.fetch('/api/progress', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      body: JSON.stringify({ slug: SLUG, chapter }),
    });
    expect(saved.status).toBe(200);
    return cookie;
  }

  test('a link opens the list page holding the chapter, in the order shown, where the row is marked', async () => {
    const cookie = await visitorAt(77);
    const { body } = await page(`/book/${SLUG}`, { cookie });
    // Without a page asked for, the list opens at its first page; the link takes the reader to their place.
    expect(listed(body)).toEqual(range(1, 50));
    expect(body).toContain(`<a class="chapters__place" href="/book/${SLUG}?chapters_page=2#chapter-77">Jump to my place (chapter 77)</a>`);
    const newest = await page(`/book/${SLUG}?order=newest`, { cookie });
    expect(newest.body).toContain(`<a class="chapters__place" href="/book/${SLUG}?chapters_page=2&order=newest#chapter-77">`);

    const there = await page(`/book/${SLUG}?chapters_page=2`, { cookie });
    expect(listed(there.body)).toContain(77);
    expect(row(there.body, 77)).toContain('aria-current="true"');
    expect(row(there.body, 77)).toContain('<span class="badge badge--current">Your place</span>');
    expect(row(there.body, 76)).not.toContain('aria-current');
  });

  test('no link for a reader without a place', async () => {
    const { body } = await page(`/book/${SLUG}`);
    expect(body).not.toContain('chapters__place');
    expect(body).not.toContain('aria-current="true"><span class="chapter-list__number"');
  });
});

describe("the book's language", () => {
  test('marks the description, which may differ from the page', async () => {
    const { body } = await page(`/book/${SLUG}`);
    expect(body).toMatch(/^<!doctype html><html lang="en"/);
    expect(body).toContain('<div class="book-about__text" lang="pt"><p>Uma cidade, um sino.</p><p>E um segredo.</p></div>');
  });
});

describe("the book's language on its cards", () => {
  test('listings mark each card title with its book language; the JSON shape stays the same', async () => {
    const { body } = await page('/browse?sort=new');
    expect(body).toContain('<h3 class="book-card__title" lang="pt">A Torre do Sino</h3>');
    expect(body).toMatch(/<h3 class="book-card__title" lang="en">Ink and Alibis<\/h3>/);
    // Rows read from the database (the home page's) as well as from the catalogue index (browse).
    expect((await page('/')).body).toContain('<h3 class="book-card__title" lang="pt">A Torre do Sino</h3>');
    const json = (await (await app.fetch('/api/browse?sort=new', { headers: { accept: 'application/json' } })).json()) as { books: Record<string, unknown>[] };
    const mine = json.books.find((b) => b.slug === SLUG)!;
    expect(Object.keys(mine).sort()).toEqual(['author', 'chapter_count', 'cover_url', 'description', 'genres', 'has_audio', 'rating_avg', 'rating_count', 'slug', 'status', 'title']);
    const detail = (await (await app.fetch(`/api/book/${SLUG}`, { headers: { accept: 'application/json' } })).json()) as { book: Record<string, unknown> };
    expect(detail.book).not.toHaveProperty('language');
  });
});
