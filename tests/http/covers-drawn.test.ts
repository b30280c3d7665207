import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { blankPng } from '../support/png.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';
import { saveBook } from '../../src/features/library/service.ts';

/** Books without a cover get one drawn from their title and author, everywhere a cover is shown. */
const SLUG = 'the-cartographers-war';
const TITLE = "The Cartographer's War";
const AUTHOR = 'Ilse Marrow';
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

let app: TestApp;
let reader: Session;

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  const db = app.platform.db;
  await db.insertInto('books').values([
    { slug: SLUG, title: TITLE, author: AUTHOR, chapter_count: 1 },
    { slug: 'fish-and-chips', title: `Fish & <Chips> "quoted"`, author: 'A & B <c>' },
  ]).execute();
  await db.insertInto('chapters').values({ book_slug: SLUG, number: 1, title: 'One', text: 'The map was wrong.' }).execute();
  await bumpCatalogueVersion(app.platform.cache);
  reader = await loginAs(app, 'drawn-covers-reader');
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) => app.fetch(path, { headers });
const html = async (path: string, session?: Session) => (await get(path, { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}) })).text();
/** Every drawn cover an HTML page shows, as its <img> tag. */
const drawnImgs = (page: string) => page.match(/<img class="cover[^"]*" src="\/covers\/_drawn\/[^"]+"[^>]*>/g) ?? [];

describe('GET /covers/_drawn/{slug}.svg', () => {
  test('200: an SVG with the title and the author, sandboxed, with an ETag and a day of caching', async () => {
    const res = await get(`/covers/_drawn/${SLUG}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, must-revalidate');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{20}-svg"$/);
    const svg = await res.text();
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"');
    expect(svg).toContain('>Cartographer&apos;s</text>');
    expect(svg).toContain(`>${AUTHOR}</text>`);
    expect(svg).not.toContain('<script');
  });

  test('user text is escaped', async () => {
    const svg = await (await get('/covers/_drawn/fish-and-chips.svg')).text();
    expect(svg).toContain('&amp; &lt;Chips&gt;');
    expect(svg).toContain('A &amp; B &lt;c&gt;');
    expect(svg).not.toMatch(/<Chips>|<c>/);
  });

  test('304 for the same ETag (also weak, also in a list); a new title is a new ETag and a 200', async () => {
    const etag = (await get(`/covers/_drawn/${SLUG}.svg`)).headers.get('etag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get(`/covers/_drawn/${SLUG}.svg`, { 'if-none-match': ifNoneMatch });
      expect([ifNoneMatch, again.status]).toEqual([ifNoneMatch, 304]);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=86400, must-revalidate');
      expect(await again.text()).toBe('');
    }
    await app.platform.db.updateTable('books').set({ title: 'The Cartographer Returns' }).where('slug', '=', SLUG).execute();
    const changed = await get(`/covers/_drawn/${SLUG}.svg`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('>Returns</text>');
    await app.platform.db.updateTable('books').set({ title: TITLE }).where('slug', '=', SLUG).execute();
    expect((await get(`/covers/_drawn/${SLUG}.svg`, { 'if-none-match': etag })).status).toBe(304);
  });

  test('the version in the address changes nothing in the answer', async () => {
    const res = await get(`/covers/_drawn/${SLUG}.svg?v=0123456789`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`>${AUTHOR}</text>`);
  });
});

describe('GET /covers/_drawn/{slug}.png', () => {
  test('200: a real 400×600 PNG, sandboxed, with its own ETag; 304 on repeat', async () => {
    const res = await get(`/covers/_drawn/${SLUG}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{20}-png"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 600]);
    // Drawn, not blank: the title's white letters on the dark hue.
    const stats = await sharp(bytes).stats();
    expect(stats.channels[0]!.max).toBeGreaterThan(200);
    expect(stats.channels[0]!.min).toBeLessThan(80);
    expect((await get(`/covers/_drawn/${SLUG}.png`, { 'if-none-match': etag })).status).toBe(304);
    // Drawn once, then kept: the same bytes again.
    expect(new Uint8Array(await (await get(`/covers/_drawn/${SLUG}.png`)).arrayBuffer())).toEqual(bytes);
  });

  test('many at once (a busy OPDS list) all answer', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get(`/covers/_drawn/${i % 2 ? SLUG : 'fish-and-chips'}.png`)));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    for (const r of answers) await r.arrayBuffer();
  });
});

describe('what is not a drawn cover', () => {
  test('404 for an unknown book, a bad name, another format, or a path that tries to leave the folder', async () => {
    for (const path of [
      '/covers/_drawn/no-such-book.svg',
      '/covers/_drawn/no-such-book.png',
      `/covers/_drawn/${SLUG}.gif`,
      `/covers/_drawn/${SLUG}`,
      `/covers/_drawn/${SLUG.toUpperCase()}.svg`,
      '/covers/_drawn/..%2F..%2Fetc%2Fpasswd.svg',
      '/covers/_drawn/%2e%2e%2fsecrets.svg',
      `/covers/_drawn/${SLUG}%00.svg`,
      `/covers/_drawn/${'a'.repeat(201)}.svg`,
    ]) {
      const res = await get(path, { accept: 'application/json' });
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get('content-type') ?? '').not.toContain('image/');
    }
  });

  test('stored covers are still served by GET /covers/*, the AI tools\' covers/generated/ ones included', async () => {
    const png = blankPng(4, 6);
    await app.platform.objects.put(`covers/generated/${SLUG}.png`, png, { contentType: 'image/png' });
    await app.platform.objects.put(`covers/${SLUG}/abc123.png`, png, { contentType: 'image/png' });
    for (const path of [`/covers/generated/${SLUG}.png`, `/covers/${SLUG}/abc123.png`]) {
      const res = await get(path);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'public, max-age=31536000, immutable']);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    }
  });
});

describe('pages show the drawn cover of a book without one', () => {
  test('the book page: the drawn cover, loaded at once; it is served', async () => {
    const page = await html(`/book/${SLUG}`);
    const [img] = drawnImgs(page);
    expect(img).toMatch(new RegExp(`^<img class="cover" src="/covers/_drawn/${SLUG}\\.svg\\?v=[0-9a-f]{10}" alt="" width="240" height="360" decoding="async" fetchpriority="high"`));
    expect(page).not.toContain('cover--drawn');
    expect((await get(img!.match(/src="([^"]+)"/)![1]!)).status).toBe(200);
  });

  test('search results and the library: lazy drawn covers; a book with a cover keeps its own', async () => {
    const results = await html('/search?q=cartographer');
    expect(drawnImgs(results).some((img) => img.includes(`/covers/_drawn/${SLUG}.svg?v=`) && img.includes('loading="lazy"'))).toBe(true);
    await saveBook(app.platform.db, reader.user.id, SLUG);
    await saveBook(app.platform.db, reader.user.id, 'morning-bread');
    const library = await html('/library', reader);
    expect(drawnImgs(library).filter((img) => img.includes(`/covers/_drawn/${SLUG}.svg?v=`))).toHaveLength(1);
    expect(library).toMatch(/<img class="cover" src="\/covers\/morning-bread\/[0-9a-f]+\.svg"/);
    expect(library).not.toContain('/covers/_drawn/morning-bread');
  });

  test('the JSON API keeps cover_url null for a book without a cover (decisions.md: the Book shape does not change)', async () => {
    const body = (await (await get(`/api/book/${SLUG}`, { accept: 'application/json' })).json()) as { book: { cover_url: string | null } };
    expect(body.book.cover_url).toBeNull();
  });
});
