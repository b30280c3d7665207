import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
// A strict well-formedness check: a bare `&` or a crossed tag fails it.
import { XMLValidator } from 'fast-xml-parser';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';
import { createSitemaps } from '../../src/features/seo/sitemaps.ts';
import { Layout } from '../../views/layouts/Layout.tsx';
import { makeCtx } from '../support/page-context.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const BASE = 'http://localhost:3000';
const locs = (body: string) => [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
const wellFormed = (body: string) => expect(XMLValidator.validate(body)).toBe(true);

async function fetchXml(path: string): Promise<string> {
  const res = await app.fetch(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  const body = await res.text();
  wellFormed(body);
  return body;
}

describe('robots.txt', () => {
  test('opens the catalogue, closes private and script paths, names the sitemap', async () => {
    const res = await app.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/account', '/login', '/logout', '/library', '/settings', '/admin', '/objects/', '/join/', '/set-password/', '/signup']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((l) => l.startsWith('Disallow: /book') || l.startsWith('Disallow: /browse'))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('sitemaps', () => {
  test('the index lists the pages file, one books file and one chapters file for the demo catalogue', async () => {
    const body = await fetchXml('/sitemap.xml');
    expect(body).toStartWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(body)).toEqual([`${BASE}/sitemaps/pages.xml`, `${BASE}/sitemaps/books-1.xml`, `${BASE}/sitemaps/chapters-1.xml`]);
  });

  test('pages.xml lists the public catalogue pages', async () => {
    expect(locs(await fetchXml('/sitemaps/pages.xml'))).toEqual([`${BASE}/`, `${BASE}/browse`, `${BASE}/ranking`, `${BASE}/search`]);
  });

  test('books-1.xml lists every book page with its updated_at as lastmod', async () => {
    const body = await fetchXml('/sitemaps/books-1.xml');
    const books = await app.platform.db.selectFrom('books').select(['slug', 'updated_at']).orderBy('slug').execute();
    expect(books).toHaveLength(12);
    expect(locs(body)).toEqual(books.map((b) => `${BASE}/book/${b.slug}`));
    const first = books[0]!;
    expect(body).toContain(`<url><loc>${BASE}/book/${first.slug}</loc><lastmod>${new Date(first.updated_at).toISOString()}</lastmod></url>`);
  });

  test('chapters-1.xml lists every chapter page', async () => {
    const body = await fetchXml('/sitemaps/chapters-1.xml');
    const chapters = await app.platform.db.selectFrom('chapters').select(['book_slug', 'number']).orderBy('id').execute();
    expect(chapters.length).toBeGreaterThan(100);
    expect(locs(body)).toEqual(chapters.map((c) => `${BASE}/book/${c.book_slug}/${c.number}`));
    expect(body).toContain(`<loc>${BASE}/book/the-ninth-mountain-sect/32</loc><lastmod>`);
  });

  test('a file past the end or a malformed name is 404', async () => {
    for (const path of ['/sitemaps/books-2.xml', '/sitemaps/chapters-2.xml', '/sitemaps/books-0.xml', '/sitemaps/books-01.xml', '/sitemaps/books-x.xml', '/sitemaps/pages.xml.gz', '/sitemaps/other.xml', '/sitemaps/chapters-1.txt']) {
      const res = await app.fetch(path, { headers: { accept: 'application/json' } });
      expect(res.status, path).toBe(404);
    }
  });

  test('files are served from the cache for an hour', async () => {
    await fetchXml('/sitemaps/books-1.xml');
    expect(await app.platform.cache.ttl('seo:sitemap:v1:http://localhost:3000:b10000:c40000:books-1')).toBeGreaterThan(3500);
    await app.platform.db.insertInto('books').values({ slug: 'a-late-arrival', title: 'A Late Arrival' }).execute();
    // Still the cached copy: the new book appears within the hour, at no cost per request.
    expect(await fetchXml('/sitemaps/books-1.xml')).not.toContain('a-late-arrival');
    await app.platform.db.deleteFrom('books').where('slug', '=', 'a-late-arrival').execute();
  });
});

describe('sitemap chunking (small files to see the boundaries)', () => {
  test('books and chapters are split into files that together list each page exactly once', async () => {
    const sitemaps = createSitemaps({ db: app.platform.db, cache: app.platform.cache, baseUrl: 'https://novels.example/', booksPerFile: 5, chaptersPerFile: 50 });
    const index = (await sitemaps.get({ kind: 'index' }))!;
    wellFormed(index);
    const chapterCount = Number((await app.platform.db.selectFrom('chapters').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const bookFiles = locs(index).filter((l) => l.includes('/books-'));
    const chapterFiles = locs(index).filter((l) => l.includes('/chapters-'));
    expect(bookFiles).toEqual([1, 2, 3].map((n) => `https://novels.example/sitemaps/books-${n}.xml`));
    expect(chapterFiles).toHaveLength(Math.ceil(chapterCount / 50));

    const bookUrls: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const file = (await sitemaps.get({ kind: 'books', n }))!;
      wellFormed(file);
      expect(locs(file).length).toBeLessThanOrEqual(5);
      bookUrls.push(...locs(file));
    }
    expect(bookUrls).toHaveLength(12);
    expect(new Set(bookUrls).size).toBe(12);
    expect(await sitemaps.get({ kind: 'books', n: 4 })).toBeNull();

    const chapterUrls: string[] = [];
    for (let n = 1; n <= chapterFiles.length; n++) chapterUrls.push(...locs((await sitemaps.get({ kind: 'chapters', n }))!));
    expect(chapterUrls).toHaveLength(chapterCount);
    expect(new Set(chapterUrls).size).toBe(chapterCount);
  });

  test('an id range with no chapters left is skipped in the index and is 404', async () => {
    const db = app.platform.db;
    const cache = app.platform.cache;
    // Empty range 2 (ids 51–100) by moving its chapters into a copy we restore afterwards.
    const moved = await db.selectFrom('chapters').selectAll().where('id', '>', 50).where('id', '<=', 100).execute();
    await db.deleteFrom('chapters').where('id', '>', 50).where('id', '<=', 100).execute();
    try {
      const sitemaps = createSitemaps({ db, cache, baseUrl: 'https://novels.example', booksPerFile: 6, chaptersPerFile: 50 });
      const files = locs((await sitemaps.get({ kind: 'index' }))!).filter((l) => l.includes('/chapters-'));
      const ids = (await db.selectFrom('chapters').select('id').execute()).map((c) => Number(c.id));
      const inUse = [...new Set(ids.map((id) => Math.ceil(id / 50)))].sort((a, b) => a - b);
      expect(inUse).not.toContain(2);
      expect(inUse.length).toBeGreaterThanOrEqual(2);
      expect(files).toEqual(inUse.map((k) => `https://novels.example/sitemaps/chapters-${k}.xml`));
      expect(await sitemaps.get({ kind: 'chapters', n: 2 })).toBeNull();
    } finally {
      // The ids are identity values: put the same rows back with their own ids.
      const columns = Object.keys(moved[0]!) as (keyof (typeof moved)[number])[];
      const rows = moved.map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`);
      await sql`insert into chapters (${sql.join(columns.map((c) => sql.ref(c)))}) overriding system value values ${sql.join(rows)}`.execute(db);
    }
  });

  test('text is escaped: a base URL with & stays well-formed XML', async () => {
    const sitemaps = createSitemaps({ db: app.platform.db, cache: app.platform.cache, baseUrl: 'https://example.test/novels?a=1&b=<2>', booksPerFile: 7 });
    const pages = (await sitemaps.get({ kind: 'pages' }))!;
    wellFormed(pages);
    expect(pages).toContain('<loc>https://example.test/novels?a=1&amp;b=&lt;2&gt;/browse</loc>');
  });
});

describe('page meta', () => {
  test('the home page has a title, description, canonical, Open Graph and Twitter tags, and is indexable', async () => {
    const page = await (await app.fetch('/', { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('<title>Chapterhouse</title>');
    expect(page).toMatch(/<meta name="description" content="[^"]{10,}"\/>/);
    expect(page).toContain(`<link rel="canonical" href="${BASE}/"/>`);
    expect(page).toContain('<meta property="og:title" content="Chapterhouse"/>');
    expect(page).toContain(`<meta property="og:url" content="${BASE}/"/>`);
    expect(page).toContain('<meta property="og:type" content="website"/>');
    expect(page).toContain('<meta property="og:site_name" content="Chapterhouse"/>');
    expect(page).toMatch(/<meta property="og:description" content="[^"]{10,}"\/>/);
    expect(page).toContain('<meta name="twitter:card" content="summary"/>');
    expect(page).not.toContain('name="robots"');
  });

  test('private pages are kept out of search results', async () => {
    const user = await loginAs(app, 'seo-reader');
    for (const [path, cookie] of [['/login', ''], ['/settings', ''], ['/account', user.cookie]] as const) {
      const res = await app.fetch(path, { headers: { accept: 'text/html', cookie } });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<meta name="robots" content="noindex"/>');
    }
  });
});

describe('Layout meta for pages of other areas', () => {
  const render = (props: Partial<Parameters<typeof Layout>[0]> & { path: string }) =>
    Promise.resolve(Layout({ ctx: makeCtx({ path: props.path }), title: 'A page', ...props, children: '' }));

  test('library and admin pages are noindex wherever they are; public pages are not unless asked', async () => {
    for (const path of ['/library', '/library?shelf=reading', '/admin/imports', '/account/avatar']) expect(await render({ path }), path).toContain('<meta name="robots" content="noindex"/>');
    for (const path of ['/book/x', '/libraryish', '/browse?genre=fantasy']) expect(await render({ path }), path).not.toContain('name="robots"');
    expect(await render({ path: '/search?q=x', noindex: true })).toContain('<meta name="robots" content="noindex"/>');
  });

  test('a page with an image gets a large Twitter card and an absolute og:image', async () => {
    const page = await render({ path: '/book/x', ogImage: '/covers/x/cover.abc.svg', ogType: 'book' });
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(page).toContain('<meta property="og:image" content="https://books.example/covers/x/cover.abc.svg"/>');
    expect(page).toContain('<meta property="og:type" content="book"/>');
  });
});

describe('at scale', () => {
  test('200,000 chapters: the index stays quick (no scan of every chapter), files hold 40,000 each', async () => {
    const db = app.platform.db;
    await db.insertInto('books').values({ slug: 'the-endless-serial', title: 'The Endless Serial' }).execute();
    await sql`insert into chapters (book_slug, number, title) select 'the-endless-serial', g, 'Chapter ' || g from generate_series(1, 200000) g`.execute(db);
    await sql`analyze chapters`.execute(db);
    const sitemaps = createSitemaps({ db, cache: app.platform.cache, baseUrl: BASE, booksPerFile: 9 });
    const started = performance.now();
    const index = (await sitemaps.get({ kind: 'index' }))!;
    // Measured ~60 ms on PGlite; a full pass over 200,000 rows and their text would take seconds.
    expect(performance.now() - started).toBeLessThan(1500);
    const files = locs(index).filter((l) => l.includes('/chapters-'));
    const total = Number((await db.selectFrom('chapters').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(files).toHaveLength(Math.ceil(total / 40_000));
    const second = (await sitemaps.get({ kind: 'chapters', n: 2 }))!;
    wellFormed(second);
    expect(locs(second)).toHaveLength(40_000);
  }, 120_000);
});
