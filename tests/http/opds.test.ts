import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { linkOf, parseFeed, type ParsedEntry } from '../support/opds.ts';
import { createAppPassword, revokeAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import { saveBook } from '../../src/features/library/service.ts';
import { withAppPasswordDownloads } from '../../src/features/opds/basic-auth.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';

/**
 * The OPDS catalogue as an e-reader meets it: HTTP Basic with an app password on every request,
 * Atom feeds read by a feed parser, paging links followed, the EPUB fetched with the same password.
 */
const NAV = 'application/atom+xml;profile=opds-catalog;kind=navigation';
const ACQ = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
const ACQUISITION = 'http://opds-spec.org/acquisition';
const EXTRA = 30;
const extraSlug = (i: number) => `opds-extra-${String(i).padStart(2, '0')}`;
const TRICKY = { slug: 'opds-tricky', title: `Fish & <Chips> "quoted" 'single'\u0001`, author: 'A & B <c>', description: 'Line <one> & "two".' };

let app: TestApp;
let pro: Session;
let free: Session;
let proAuth: string;
let freeAuth: string;
const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

beforeAll(async () => {
  // A site that sells Pro: the EPUB is Pro's, and readers without it get the upgrade link (decisions.md).
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...PAYMENTS_CONFIGURED_ENV } });
  const db = app.platform.db;
  // Later than every seeded book and in known orders: first on every list, one page and a bit. Dates
  // come from the seeded rows, never from the real clock.
  const bounds = (await sql<{ first: Date; last: Date }>`select min(least(created_at, updated_at)) as first, max(greatest(created_at, updated_at)) as last from books`.execute(db)).rows[0]!;
  const DAY = 86_400_000;
  const after = (days: number) => new Date(new Date(bounds.last).getTime() + days * DAY);
  await db.insertInto('genres').values({ slug: 'opds-paging', name: 'OPDS Paging' }).execute();
  for (let i = 1; i <= EXTRA; i++) {
    await db.insertInto('books').values({
      slug: extraSlug(i), title: `Extra Book ${i}`, author: 'Pager', description: 'A book for paging.',
      created_at: after(i), updated_at: after(EXTRA + 1 - i), reads_7d: 100_000 + i * 10,
    }).execute();
    await db.insertInto('book_genres').values({ book_slug: extraSlug(i), genre_slug: 'opds-paging' }).execute();
  }
  await db.insertInto('books').values({ ...TRICKY, created_at: new Date(new Date(bounds.first).getTime() - DAY) }).execute();
  // Written directly, so announced as every writer of the catalogue does (catalogue/version.ts).
  await bumpCatalogueVersion(app.platform.cache);
  pro = await loginAs(app, 'opds-pro', { role: 'pro' });
  free = await loginAs(app, 'opds-free');
  proAuth = basic('opds-pro', (await createAppPassword(db, pro.user.id, 'Kobo')).password);
  freeAuth = basic('opds-free', (await createAppPassword(db, free.user.id, 'KOReader')).password);
});
afterAll(() => app.close());

const get = (path: string, authorization?: string, cookie?: string) =>
  app.fetch(path, { headers: { ...(authorization ? { authorization } : {}), ...(cookie ? { cookie } : {}) } });

async function feed(path: string, authorization = proAuth, type = ACQ) {
  const res = await get(path, authorization);
  const body = await res.text();
  expect(res.status, body.slice(0, 300)).toBe(200);
  expect(res.headers.get('content-type')).toStartWith(type);
  return parseFeed(body);
}

const slugOf = (entry: ParsedEntry) => entry.id.replace('urn:chapterhouse:book:', '');
const path = (href: string | undefined) => (href ? href.replace('http://localhost:3000', '') : '');

describe('sign-in', () => {
  const paths = ['/opds', '/opds/new', '/opds/genres', '/opds/shelves/reading', '/opds/search?q=bread', '/opds/opensearch.xml'];

  test('no credentials, a wrong password, an unknown user or a browser session: 401 with a Basic challenge', async () => {
    for (const p of paths) {
      for (const [authorization, cookie] of [[undefined, undefined], [basic('opds-pro', 'not-the-password'), undefined], [basic('nobody', 'x'), undefined], [undefined, pro.cookie], [`Bearer ${pro.token}`, undefined]] as const) {
        const res = await get(p, authorization, cookie);
        expect(res.status, `${p} ${authorization ?? cookie}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Basic realm="Chapterhouse", charset="UTF-8"');
      }
    }
  });

  test('a revoked app password is refused at once', async () => {
    const made = await createAppPassword(app.platform.db, free.user.id, 'Old Kindle');
    const auth = basic('opds-free', made.password);
    expect((await get('/opds', auth)).status).toBe(200);
    await revokeAppPassword(app.platform.db, free.user.id, made.id, new Date());
    const res = await get('/opds', auth);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toStartWith('Basic ');
  });
});

describe('navigation', () => {
  test('the root lists the lists, the genres and the shelves, and links the search', async () => {
    const root = await feed('/opds', proAuth, NAV);
    const targets = Object.fromEntries(root.entries.map((e) => [e.title, e.links[0]!]));
    expect(path(targets['New']?.href)).toBe('/opds/new');
    expect(path(targets['Recently updated']?.href)).toBe('/opds/updated');
    expect(path(targets['Popular']?.href)).toBe('/opds/popular');
    expect(path(targets['By genre']?.href)).toBe('/opds/genres');
    expect(targets['By genre']?.type).toBe(NAV);
    for (const shelf of ['reading', 'plan_to_read', 'completed', 'dropped']) {
      expect(root.entries.some((e) => path(e.links[0]?.href) === `/opds/shelves/${shelf}` && e.links[0]?.type === ACQ)).toBe(true);
    }
    expect(targets['New']?.type).toBe(ACQ);
    const search = linkOf(root.links, 'search');
    expect(search).toEqual({ rel: 'search', href: 'http://localhost:3000/opds/opensearch.xml', type: 'application/opensearchdescription+xml', title: 'Search Chapterhouse' });
    expect(path(linkOf(root.links, 'start')?.href)).toBe('/opds');
  });

  test('the OpenSearch description gives the search template', async () => {
    const res = await get('/opds/opensearch.xml', proAuth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('application/opensearchdescription+xml');
    const body = await res.text();
    expect(body).toContain('xmlns="http://a9.com/-/spec/opensearch/1.1/"');
    expect(body).toContain(`<Url type="${ACQ}" template="http://localhost:3000/opds/search?q={searchTerms}"/>`);
  });

  test('genres: a navigation feed of genres, each to its books', async () => {
    const genres = await feed('/opds/genres', proAuth, NAV);
    const paging = genres.entries.find((e) => e.title === 'OPDS Paging');
    expect(paging?.links[0]).toMatchObject({ href: 'http://localhost:3000/opds/genres/opds-paging', type: ACQ });
    expect(genres.entries.find((e) => e.title === 'Fantasy')).toBeDefined();
    const page1 = await feed('/opds/genres/opds-paging');
    expect(page1.entries).toHaveLength(24);
    expect(page1.entries.every((e) => e.categories.includes('OPDS Paging'))).toBe(true);
    const page2 = await feed(path(linkOf(page1.links, 'next')?.href));
    expect(page2.entries.map(slugOf).sort()).toEqual(Array.from({ length: 6 }, (_, i) => extraSlug(i + 1)));
    expect(linkOf(page2.links, 'next')).toBeUndefined();
    const fantasy = await feed('/opds/genres/fantasy');
    expect(fantasy.entries.length).toBeGreaterThan(0);
    expect(fantasy.entries.every((e) => e.categories.includes('Fantasy'))).toBe(true);
    expect((await get('/opds/genres/no-such-genre', proAuth)).status).toBe(404);
  });
});

describe('lists', () => {
  // Newest, most recently updated and most read first: the extra books in their planted orders.
  const firstOf = { new: extraSlug(EXTRA), updated: extraSlug(1), popular: extraSlug(EXTRA) };

  for (const [list, first] of Object.entries(firstOf)) {
    test(`/opds/${list}: ordered, 24 a page, first/next/previous links`, async () => {
      const page1 = await feed(`/opds/${list}`);
      expect(page1.entries).toHaveLength(24);
      expect(slugOf(page1.entries[0]!)).toBe(first);
      expect(path(linkOf(page1.links, 'first')?.href)).toBe(`/opds/${list}`);
      expect(path(linkOf(page1.links, 'next')?.href)).toBe(`/opds/${list}?page=2`);
      expect(linkOf(page1.links, 'previous')).toBeUndefined();
      const page2 = await feed(`/opds/${list}?page=2`);
      expect(page2.entries.length).toBeGreaterThan(0);
      expect(path(linkOf(page2.links, 'previous')?.href)).toBe(`/opds/${list}`);
      expect(path(linkOf(page2.links, 'first')?.href)).toBe(`/opds/${list}`);
      expect(path(linkOf(page2.links, 'self')?.href)).toBe(`/opds/${list}?page=2`);
      const seen = new Set(page1.entries.map(slugOf));
      expect(page2.entries.some((e) => seen.has(slugOf(e)))).toBe(false);
      // 30 extra + 12 demo + 1 = 43 books: the second page is the last.
      expect(page1.entries.length + page2.entries.length).toBe(EXTRA + 13);
      expect(linkOf(page2.links, 'next')).toBeUndefined();
    });
  }

  test('the order of /opds/new is the catalogue browse order', async () => {
    const api = (await (await app.fetch('/api/browse?sort=new&page=2')).json()) as { books: Array<{ slug: string }> };
    const opds = await feed('/opds/new?page=2');
    expect(opds.entries.map(slugOf)).toEqual(api.books.map((b) => b.slug));
  });

  test('a bad page is a 400', async () => {
    expect((await get('/opds/new?page=0', proAuth)).status).toBe(400);
    expect((await get('/opds/new?page=x', proAuth)).status).toBe(400);
  });
});

describe('entries', () => {
  test('a book entry: id, title, author, summary, genres, images, book page and EPUB', async () => {
    const found = await feed('/opds/search?q=morning%20bread');
    const entry = found.entries.find((e) => e.id === 'urn:chapterhouse:book:morning-bread')!;
    expect(entry.title).toBe('Morning Bread');
    expect(entry.author).toBe('Mira Holloway');
    expect(entry.summary).toStartWith('Margit Sundqvist spent forty years');
    expect(entry.categories).toEqual(['Drama', 'Slice of Life']);
    const image = linkOf(entry.links, 'http://opds-spec.org/image')!;
    expect(image.href).toMatch(/^http:\/\/localhost:3000\/covers\/morning-bread\/[0-9a-f]+\.svg$/);
    expect(linkOf(entry.links, 'http://opds-spec.org/image/thumbnail')?.href).toBe(image.href);
    expect((await app.fetch(path(image.href))).status).toBe(200);
    expect(linkOf(entry.links, 'alternate')).toMatchObject({ href: 'http://localhost:3000/book/morning-bread', type: 'text/html' });
    expect(linkOf(entry.links, ACQUISITION)).toEqual({ rel: ACQUISITION, href: 'http://localhost:3000/api/export/morning-bread?auth=basic', type: 'application/epub+zip', title: undefined });
    expect(linkOf(entry.links, 'related')).toBeUndefined();
  });

  test('a book without a cover: image and thumbnail links to its drawn cover as PNG, which e-readers can show', async () => {
    const found = await feed(`/opds/search?q=${encodeURIComponent('Fish Chips')}`);
    const entry = found.entries.find((e) => e.id === `urn:chapterhouse:book:${TRICKY.slug}`)!;
    const image = linkOf(entry.links, 'http://opds-spec.org/image')!;
    expect(image.href).toMatch(/^http:\/\/localhost:3000\/covers\/_drawn\/opds-tricky\.png\?v=[0-9a-f]{10}$/);
    expect(image.type).toBe('image/png');
    expect(linkOf(entry.links, 'http://opds-spec.org/image/thumbnail')).toMatchObject({ href: image.href, type: 'image/png' });
    const res = await get(path(image.href), proAuth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 600]);
  });

  test("each entry's dc:language is its book's: English unless the book says otherwise", async () => {
    await app.platform.db.updateTable('books').set({ language: 'de' }).where('slug', '=', TRICKY.slug).execute();
    const xml = await (await get(`/opds/search?q=${encodeURIComponent('Fish Chips')}`, proAuth)).text();
    const tricky = xml.split('<entry>').find((e) => e.includes('<id>urn:chapterhouse:book:opds-tricky</id>'))!;
    expect(tricky).toContain('<dc:language>de</dc:language>');
    const bread = (await (await get('/opds/search?q=morning%20bread', proAuth)).text()).split('<entry>').find((e) => e.includes('<id>urn:chapterhouse:book:morning-bread</id>'))!;
    expect(bread).toContain('<dc:language>en</dc:language>');
  });

  test('text that looks like markup is escaped and reads back as written', async () => {
    const found = await feed(`/opds/search?q=${encodeURIComponent('Fish Chips')}`);
    const entry = found.entries.find((e) => e.id === 'urn:chapterhouse:book:opds-tricky')!;
    expect(entry.title).toBe(`Fish & <Chips> "quoted" 'single'`);
    expect(entry.author).toBe('A & B <c>');
    expect(entry.summary).toBe('Line <one> & "two".');
    expect(found.title).toBe('Search: Fish Chips');
    expect(linkOf(found.links, 'self')?.href).toBe('http://localhost:3000/opds/search?q=Fish+Chips');
  });

  test('search: an unmatched query is an empty feed', async () => {
    expect((await feed('/opds/search?q=zzqqxxnothing')).entries).toEqual([]);
  });
});

describe('errors come as feeds, never as web pages', () => {
  const cases: [string, number, string][] = [
    ['/opds/search', 400, 'q is required'],
    ['/opds/search?q=%20%20', 400, 'q is required'],
    ['/opds/search?q=bread&page=0', 400, 'page must be a whole number of at least 1'],
    ['/opds/new?page=abc', 400, 'page must be a whole number of at least 1'],
    ['/opds/genres/no-such-genre', 404, 'Genre not found'],
    ['/opds/shelves/favourites', 400, 'shelf must be one of reading, plan_to_read, completed, dropped'],
  ];
  for (const [p, status, message] of cases) {
    test(`${p}: ${status} "${message}" as an Atom feed`, async () => {
      const res = await get(p, proAuth);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toBe(`${NAV};charset=utf-8`);
      const body = await res.text();
      expect(body).toStartWith('<?xml');
      const parsed = await parseFeed(body);
      expect(parsed.title).toBe(message);
      expect(parsed.entries.map((e) => [e.id, e.title])).toEqual([[`urn:chapterhouse:opds:error:${status}`, message]]);
      expect(linkOf(parsed.links, 'start')?.href).toBe('http://localhost:3000/opds');
    });
  }
});

describe('shelves', () => {
  test("a shelf lists the reader's own books on it, no one else's", async () => {
    await saveBook(app.platform.db, pro.user.id, 'morning-bread', 'reading');
    await saveBook(app.platform.db, pro.user.id, 'salvage-rights', 'completed');
    await saveBook(app.platform.db, free.user.id, 'ink-and-alibis', 'reading');
    expect((await feed('/opds/shelves/reading')).entries.map(slugOf)).toEqual(['morning-bread']);
    expect((await feed('/opds/shelves/completed')).entries.map(slugOf)).toEqual(['salvage-rights']);
    expect((await feed('/opds/shelves/dropped')).entries).toEqual([]);
    expect((await feed('/opds/shelves/reading', freeAuth)).entries.map(slugOf)).toEqual(['ink-and-alibis']);
  });

  test('a long shelf is paged', async () => {
    for (let i = 1; i <= 26; i++) await saveBook(app.platform.db, free.user.id, extraSlug(i), 'plan_to_read');
    const page1 = await feed('/opds/shelves/plan_to_read', freeAuth);
    expect(page1.entries).toHaveLength(24);
    const page2 = await feed(path(linkOf(page1.links, 'next')?.href), freeAuth);
    expect(page2.entries).toHaveLength(2);
    expect(path(linkOf(page2.links, 'previous')?.href)).toBe('/opds/shelves/plan_to_read');
  });
});

describe('downloads', () => {
  test("a Pro reader's acquisition link downloads the EPUB with the app password", async () => {
    // Page 2: the demo books, which have chapters (the planted ones have none to export).
    const entry = (await feed('/opds/popular?page=2')).entries.find((e) => !slugOf(e).startsWith('opds-'))!;
    const res = await get(path(linkOf(entry.links, ACQUISITION)!.href), proAuth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/epub+zip');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 2))).toBe('PK');
  });

  test('a free reader sees every book with an acquisition/buy link to the upgrade page instead, and the download is refused', async () => {
    const entries = (await feed('/opds/new', freeAuth)).entries;
    expect(entries.length).toBe(24);
    for (const entry of entries) {
      expect(linkOf(entry.links, ACQUISITION)).toBeUndefined();
      expect(entry.links.filter((l) => l.rel?.startsWith('http://opds-spec.org/acquisition'))).toEqual([
        { rel: 'http://opds-spec.org/acquisition/buy', href: 'http://localhost:3000/pro', type: 'text/html', title: 'Chapterhouse Pro: download this book as EPUB' },
      ]);
      expect(linkOf(entry.links, 'related')).toMatchObject({ href: 'http://localhost:3000/pro', type: 'text/html' });
    }
    const res = await get('/api/export/morning-bread', freeAuth);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('This needs Chapterhouse Pro');
  });

  test('the download takes only a live app password (else the Basic challenge again); no other route takes one', async () => {
    const refused = await get('/api/export/morning-bread?auth=basic', basic('opds-pro', 'wrong'));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Basic realm="Chapterhouse", charset="UTF-8"');
    const made = await createAppPassword(app.platform.db, pro.user.id, 'Revoked soon');
    await revokeAppPassword(app.platform.db, pro.user.id, made.id, new Date());
    expect((await get('/api/export/morning-bread?auth=basic', basic('opds-pro', made.password))).status).toBe(401);
    // Away from the feed's link the contract's 403 stands, whoever calls.
    expect((await get('/api/export/morning-bread', basic('opds-pro', 'wrong'))).status).toBe(403);
    // Elsewhere an app password signs nobody in: the account API stays anonymous.
    expect((await get('/api/auth/me', proAuth)).status).toBe(401);
    const head = await app.fetch('/api/library', { headers: { authorization: proAuth } });
    expect(head.status).toBe(401);
  });

  test('the resolver takes an app password for a GET or HEAD of the download only; anything else goes to the session resolver', async () => {
    const resolve = withAppPasswordDownloads(async () => null, { db: app.platform.db, clock: () => new Date() });
    const request = (method: string, path: string) => new Request(`http://localhost:3000${path}`, { method, headers: { authorization: proAuth } });
    expect((await resolve(request('GET', '/api/export/morning-bread')))?.user).toMatchObject({ id: pro.user.id, role: 'pro' });
    expect((await resolve(request('HEAD', '/api/export/morning-bread')))?.user).toMatchObject({ id: pro.user.id, role: 'pro' });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) expect(await resolve(request(method, '/api/export/morning-bread'))).toBeNull();
    for (const path of ['/api/export/morning-bread/x', '/api/export', '/api/auth/me', '/api/library']) expect(await resolve(request('GET', path))).toBeNull();
  });
});
