import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A browser without JavaScript, or htmx asking for one part of the page. */
async function page(path: string, htmxTarget?: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { accept: 'text/html', ...extra };
  if (htmxTarget) Object.assign(headers, { 'hx-request': 'true', 'hx-target': htmxTarget });
  const res = await app.fetch(path, { headers });
  return { status: res.status, html: await res.text(), headers: res.headers };
}
const count = (html: string, needle: string) => html.split(needle).length - 1;
const cards = (html: string) => count(html, 'class="book-card"');

describe('/browse without JavaScript', () => {
  test('a whole page: title, description, a GET filter form with every filter, the books', async () => {
    const { status, html, headers } = await page('/browse');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(headers.get('vary')).toContain('HX-Request');
    expect(html).toStartWith('<!doctype html>');
    expect(html).toContain('<title>Browse books · Chapterhouse</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/browse"/);
    for (const name of ['genre', 'status', 'sort']) expect(html).toContain(`<select id="browse-${name}" name="${name}">`);
    expect(html).toMatch(/<input type="checkbox" id="browse-audio" name="audio" value="1"/);
    expect(html).toContain('<option value="martial-arts">Martial Arts (1)</option>');
    // Labels for every control; a submit button for browsers without JavaScript.
    for (const id of ['browse-genre', 'browse-status', 'browse-sort', 'browse-audio']) expect(html).toContain(`for="${id}"`);
    expect(html).toMatch(/<noscript><button type="submit"/);
    expect(cards(html)).toBe(12);
    expect(html).not.toContain('rel="next"');
  });

  test('the filters of the URL are selected and applied; the heading names the genre', async () => {
    const { html } = await page('/browse?genre=fantasy&status=ongoing&sort=title&audio=0');
    expect(html).toContain('<option value="fantasy" selected>');
    expect(html).toContain('<option value="ongoing" selected>');
    expect(html).toContain('<option value="title" selected>');
    expect(html).toContain('<title>Fantasy books · Chapterhouse</title>');
    expect(html).toMatch(/<h1 id="browse-title">Fantasy books<\/h1>/);
    expect(cards(html)).toBe(4);
  });

  test('the filter form is drawn once per filters and language, and follows a change in the counts', async () => {
    // Each page keeps its filter form (kept-drawings.ts): other filters, pages and languages must never share one.
    const fantasy = await page('/browse?genre=fantasy&sort=title');
    const fantasyNext = await page('/browse?genre=fantasy&sort=title&page=2');
    const romance = await page('/browse?genre=romance&sort=new');
    const french = await page('/browse?genre=fantasy&sort=title', undefined, { cookie: 'locale=fr' });
    for (const html of [fantasy.html, fantasyNext.html]) {
      expect(html).toContain('<option value="fantasy" selected>');
      expect(html).toContain('<option value="title" selected>');
    }
    expect(romance.html).toContain('<option value="romance" selected>');
    expect(romance.html).toContain('<option value="new" selected>');
    expect(romance.html).not.toContain('<option value="fantasy" selected>');
    expect(french.html).toContain('<option value="fantasy" selected>');
    expect(french.html).not.toContain('<option value="martial-arts">Martial Arts (1)</option>');
    expect(fantasy.html).toContain('<option value="martial-arts">Martial Arts (1)</option>');
    // A second martial-arts book: the next page shows the new count, not the kept form.
    const db = app.platform.db;
    const other = await db.selectFrom('books').select('slug').where('slug', 'not in', db.selectFrom('book_genres').select('book_slug').where('genre_slug', '=', 'martial-arts')).executeTakeFirstOrThrow();
    await db.insertInto('book_genres').values({ book_slug: other.slug, genre_slug: 'martial-arts' }).execute();
    await bumpCatalogueVersion(app.platform.cache);
    try {
      expect((await page('/browse?genre=fantasy&sort=title')).html).toContain('<option value="martial-arts">Martial Arts (2)</option>');
    } finally {
      await db.deleteFrom('book_genres').where('book_slug', '=', other.slug).where('genre_slug', '=', 'martial-arts').execute();
      await bumpCatalogueVersion(app.platform.cache);
    }
  });

  test('Next and Previous page links keep the filters', async () => {
    const first = await page('/browse?genre=adventure&limit=2');
    expect(cards(first.html)).toBe(2);
    expect(first.html).toContain('href="/browse?genre=adventure&limit=2&page=2"');
    expect(first.html).not.toContain('rel="prev"');
    expect(first.html).toContain('<input type="hidden" name="limit" value="2"');
    const second = await page('/browse?genre=adventure&limit=2&page=2');
    expect(second.html).toContain('href="/browse?genre=adventure&limit=2"');
    expect(second.html).toContain('rel="prev"');
    expect(second.html).not.toContain('rel="next"');
  });

  test('no match: an empty state with a link that clears the filters', async () => {
    const { status, html } = await page('/browse?genre=no-such-genre');
    expect(status).toBe(200);
    expect(html).toContain('No books match these filters');
    expect(html).toContain('<a href="/browse">Clear filters</a>');
    expect(cards(html)).toBe(0);
  });

  test('a bad value is a 400 page that names the field', async () => {
    const { status, html } = await page('/browse?sort=foo');
    expect(status).toBe(400);
    expect(html).toContain('sort must be one of');
  });

  test('covers are lazy images with their size', async () => {
    const { html } = await page('/browse');
    expect(html).toMatch(/<img class="cover" src="\/covers\/[^"]+" alt="" width="200" height="300" loading="lazy"/);
  });
});

describe('/browse with htmx', () => {
  test('the filter form asks for the results only and pushes the filtered URL', async () => {
    const { html } = await page('/browse');
    const form = html.match(/<form class="filter-bar"[^>]*>/)![0];
    expect(form).toContain('hx-get="/browse"');
    expect(form).toContain('hx-target="#browse-results"');
    expect(form).toContain('hx-push-url="true"');
    expect(form).toContain('hx-trigger="change, submit"');
  });

  test('a filter change gets the results fragment, the new heading out of band and the title', async () => {
    const { status, html } = await page('/browse?genre=mystery', 'browse-results');
    expect(status).toBe(200);
    expect(html).not.toContain('<html');
    expect(html).not.toContain('class="filter-bar"');
    expect(html).toContain('<title>Mystery books · Chapterhouse</title>');
    expect(html).toContain('<h1 id="browse-title" hx-swap-oob="true">Mystery books</h1>');
    expect(html).toContain('<ul class="book-grid" role="list" id="browse-grid">');
    expect(cards(html)).toBe(3);
  });

  test('infinite scroll: the sentinel loads the next page into the grid when revealed', async () => {
    const { html } = await page('/browse?status=completed&limit=2');
    const sentinel = html.match(/<a id="browse-more"[^>]*>/)![0];
    expect(sentinel).toContain('hx-trigger="revealed"');
    expect(sentinel).toContain('hx-get="/browse?status=completed&limit=2&page=2"');
    expect(sentinel).toContain('hx-target="#browse-grid"');
    expect(sentinel).toContain('hx-swap="beforeend"');
    expect(sentinel).toContain('href="/browse?status=completed&limit=2&page=2"');
  });

  test('a further page is only its cards plus the next sentinel, swapped out of band', async () => {
    const { html } = await page('/browse?status=completed&limit=2&page=2', 'browse-grid');
    expect(html).not.toContain('<html');
    expect(html).not.toContain('class="book-grid"');
    expect(html.trimStart()).toStartWith('<li tabindex="-1" data-swap-focus="" data-announce="2 more books below."><article class="book-card">');
    expect(cards(html)).toBe(2);
    expect(html).toMatch(/<a id="browse-more"[^>]*hx-get="\/browse\?status=completed&limit=2&page=3"[^>]*hx-swap-oob="true"/);
  });

  test('the last page ends the scroll: the sentinel becomes an end note', async () => {
    const { body } = await app.fetch('/api/browse?status=completed&limit=100', { headers: { accept: 'application/json' } }).then(async (r) => ({ body: (await r.json()) as { books: unknown[] } }));
    const last = Math.ceil(body.books.length / 2);
    const { html } = await page(`/browse?status=completed&limit=2&page=${last}`, 'browse-grid');
    expect(html).toMatch(/<p id="browse-more" class="pager__end" hx-swap-oob="true">That(&#x27;|&#39;|')s every book that matches\.<\/p>/);
    expect(html).not.toContain('hx-trigger="revealed"');
  });

  test('a history restore (back button) gets the whole page', async () => {
    const { html } = await page('/browse?genre=mystery', 'browse-results', { 'hx-history-restore-request': 'true' });
    expect(html).toStartWith('<!doctype html>');
    expect(html).toContain('class="filter-bar"');
  });
});

describe('genre links', () => {
  test('genre chips on search results link to the browse filter', async () => {
    const { html } = await page('/search?q=ninth');
    expect(html).toContain('<a class="genre-chip" href="/browse?genre=martial-arts">Martial Arts</a>');
  });
});

describe('search engines', () => {
  test('result pages of a query are not indexed; the empty search page is', async () => {
    expect((await page('/search?q=ninth')).html).toContain('<meta name="robots" content="noindex"');
    expect((await page('/search')).html).not.toContain('noindex');
    expect((await page('/browse')).html).not.toContain('noindex');
  });
});
