import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';
import type { BookPageBody } from '../../src/features/catalogue/model.ts';

let app: TestApp;
/** After a direct write to the database, which no writer announces (catalogue/version.ts). */
const changed = () => bumpCatalogueVersion(app.platform.cache);
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function search(query: string): Promise<{ status: number; body: BookPageBody & { error?: string; message?: string } }> {
  const res = await app.fetch(`/api/search?${query}`, { headers: { accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as BookPageBody };
}
const first = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).body.books[0]?.slug;

describe('GET /api/search finds the demo books', () => {
  test('typos, partial words, authors, any case', async () => {
    expect(await first('ninth mountian')).toBe('the-ninth-mountain-sect');
    expect(await first('mountian')).toBe('the-ninth-mountain-sect');
    expect(await first('Cartographr')).toBe('the-cartographers-daughter');
    expect(await first('lighthous')).toBe('letters-to-the-lighthouse');
    expect(await first('Hartgrave')).toBe('ashes-of-the-dragon-throne');
    expect(await first('mount')).toBe('the-ninth-mountain-sect');
    expect(await first('CLOCKWORK heir')).toBe('the-clockwork-heir');
  });

  test('full-text hits rank before fuzzy ones; a title hit before a description hit', async () => {
    const { body } = await search('q=mount');
    const order = body.books.map((b) => b.slug);
    // "Mountain" in the title; then "mountain town" in Morning Bread's description.
    expect(order[0]).toBe('the-ninth-mountain-sect');
    expect(order).toContain('morning-bread');
  });

  test('the answer has the page shape and nothing unrelated', async () => {
    const { status, body } = await search('q=hartgrave');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['books', 'has_more', 'page']);
    expect(body.page).toBe(1);
    expect(body.has_more).toBe(false);
    expect(body.books.map((b) => b.slug)).toEqual(['ashes-of-the-dragon-throne']);
    expect((await search('q=zzqxv')).body).toEqual({ books: [], page: 1, has_more: false });
  });

  test('hostile input is only words: no error, no injection', async () => {
    for (const q of [`'&|!:*()<script>`, `!!!`, `a:*|b`, `'); drop table books; --`, `\\`, `(((`, `<->`]) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(Array.isArray(body.books)).toBe(true);
    }
    expect((await app.platform.db.selectFrom('books').select('slug').execute()).length).toBeGreaterThanOrEqual(12);
  });

  test('q is required, not blank, at most 200 characters; page is checked', async () => {
    const cases: [string, string][] = [
      ['', 'q is required'],
      ['q=', 'q is required'],
      ['q=%20%20', 'q is required'],
      [`q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await search(query);
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'invalid_request', message } as never);
    }
    expect((await search(`q=${'a'.repeat(200)}`)).status).toBe(200);
    const badPage = await search('q=mount&page=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toStartWith('page');
  });
});

describe('paging', () => {
  test('24 a page, has_more until the end, then an empty page', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ slug: `lantern-tale-${i + 1}`, title: `Lantern Tale ${i + 1}`, author: 'Paging Test' }));
    await app.platform.db.insertInto('books').values(rows).execute();
    await changed();
    const one = await search('q=lantern');
    expect(one.body.books).toHaveLength(24);
    expect(one.body.has_more).toBe(true);
    const two = await search('q=lantern&page=2');
    expect(two.body.books).toHaveLength(6);
    expect(two.body.has_more).toBe(false);
    expect(two.body.page).toBe(2);
    const all = [...one.body.books, ...two.body.books].map((b) => b.slug);
    expect(new Set(all).size).toBe(30);
    expect((await search('q=lantern&page=3')).body).toEqual({ books: [], page: 3, has_more: false });
    await app.platform.db.deleteFrom('books').where('author', '=', 'Paging Test').execute();
    await changed();
  });
});

describe('/search page', () => {
  const html = async (path: string, headers: Record<string, string> = {}) => (await app.fetch(path, { headers: { accept: 'text/html', ...headers } })).text();

  test('without a query: the search box, a prompt, no error', async () => {
    const page = await html('/search');
    expect(page).toContain('<title>Search · Chapterhouse</title>');
    expect(page).toMatch(/<form class="search-form" method="get" action="\/search" role="search"/);
    expect(page).toContain('<label class="visually-hidden" for="search-q">');
    expect(page).toContain('hx-trigger="input changed delay:300ms, search"');
    expect(page).toContain('hx-push-url="true"');
    expect(page).toContain('Type a title, an author or a few words');
  });

  test('results highlight the matched words in title and author with <mark>', async () => {
    const page = await html('/search?q=mount%20su');
    expect(page).toContain('value="mount su"');
    expect(page).toContain('The Ninth <mark>Mount</mark>ain Sect');
    expect(page).toContain('by <mark>Su</mark> Wanjiang');
    expect(page).toContain('<title>Search: mount su · Chapterhouse</title>');
  });

  test('a book whose title holds markup is shown as text, marks and all', async () => {
    await app.platform.db.insertInto('books').values({ slug: 'evil-book', title: '<img src=x onerror=alert(1)> Zephyr', author: '"Quoted" & Co' }).execute();
    await changed();
    const page = await html('/search?q=zephyr');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; <mark>Zephyr</mark>');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&quot;Quoted&quot; &amp; Co');
    await app.platform.db.deleteFrom('books').where('slug', '=', 'evil-book').execute();
    await changed();
  });

  test('the query is escaped everywhere it is shown', async () => {
    const page = await html(`/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
    // Attributes escape the quote (so the value cannot end early); text escapes the markup.
    expect(page).not.toContain('"><script>');
    expect(page).toContain('value="&#34;><script>alert(1)</script>"');
    expect(page).toContain('No books found for “&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;”');
    expect(page).toContain('<title>Search: &quot;&gt;&lt;script&gt;');
  });

  test('no results: suggestions and genre links to browse', async () => {
    const page = await html('/search?q=zzqxv');
    expect(page).toContain('No books found for “zzqxv”');
    expect(page).toContain('Check the spelling');
    expect(page).toMatch(/<a class="genre-chip" href="\/browse\?genre=fantasy">Fantasy<\/a>/);
    expect(page).toContain('<a href="/browse">Browse all books</a>');
  });

  test('live search gets only the results, the spoken status and the title', async () => {
    const fragment = await html('/search?q=lighthous', { 'hx-request': 'true', 'hx-target': 'search-results' });
    expect(fragment).not.toContain('<html');
    expect(fragment).not.toContain('class="search-form"');
    expect(fragment).toContain('<title>Search: lighthous · Chapterhouse</title>');
    expect(fragment).toContain('<p id="search-status" class="visually-hidden" role="status" hx-swap-oob="innerHTML">1 book found</p>');
    expect(fragment).toContain('Letters to the <mark>Lighthous</mark>e');
  });

  test('paging links keep the query and work with and without htmx', async () => {
    const rows = Array.from({ length: 26 }, (_, i) => ({ slug: `quill-${i + 1}`, title: `Quill ${i + 1}` }));
    await app.platform.db.insertInto('books').values(rows).execute();
    await changed();
    const one = await html('/search?q=quill');
    expect(one).toMatch(/<a class="button button--quiet" href="\/search\?q=quill&page=2" rel="next" hx-get="\/search\?q=quill&page=2" hx-target="#search-results" hx-push-url="true">/);
    const two = await html('/search?q=quill&page=2');
    expect(two).toContain('href="/search?q=quill" rel="prev"');
    expect(two).not.toContain('rel="next"');
    await app.platform.db.deleteFrom('books').where('slug', 'like', 'quill-%').execute();
    await changed();
  });

  test('an over-long query on the page is cut, not refused', async () => {
    const res = await app.fetch(`/search?q=${'b'.repeat(300)}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
  });
});
