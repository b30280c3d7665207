import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createBook, writeChapter } from '../../src/features/catalogue/writes/service.ts';
import { RENDER_VERSION, renderChapter } from '../../src/platform/markup/chapter-html.ts';
import { announceChapterChange } from '../../src/features/catalogue/writes/announce.ts';
import { renderingSource, renderMissingChapters } from '../../src/features/catalogue/writes/stored-html.ts';
import { deflatePiece } from '../../src/platform/http/gzip-parts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

// Chapter renderings stored in their row (catalogue/writes/stored-html.ts): written with the text, served
// without rendering, never for other text or from another renderer, filled in by readers and by
// `npm run render-chapters`.
let app: TestApp;
let slug: string;
const TEXT = (n: number) => `# Chapter ${n}\n\nThe lamp was "lit" -- at last -- and the *harbour* slept. Paragraph ${n}.\n`;

beforeAll(async () => {
  app = await startTestApp({ seed: false });
  await app.platform.db.transaction().execute(async (trx) => {
    slug = await createBook(trx, { title: 'Stored Lamps', author: 'R. Keeper', description: '', status: 'ongoing', genres: ['Fantasy'], sourceUrl: null, sourceKey: null, coverKey: null });
    for (let n = 1; n <= 4; n++) await writeChapter(trx, slug, { number: n, title: `Chapter ${n}`, text: TEXT(n) });
  });
});
afterAll(() => app.close());

const row = async (n: number) =>
  (
    await sql<{ html: string | null; html_source: string | null; hash: string; compressed: string | null }>`
      select html, html_source, md5(text) as hash, encode(html_deflated, 'base64') as compressed
      from chapters where book_slug = ${slug} and number = ${n}`.execute(app.platform.db)
  ).rows[0]!;
/** Stores `html` as chapter n's rendering in both its forms, as a writer would. */
const storeAs = async (n: number, html: string) => {
  const piece = deflatePiece(html);
  await sql`update chapters set html = ${html}, html_deflated = ${piece.deflated}, html_crc = ${piece.crc | 0}, html_bytes = ${piece.length}
    where book_slug = ${slug} and number = ${n}`.execute(app.platform.db);
};
const page = async (n: number) => (await app.fetch(`/book/${slug}/${n}`, { headers: { accept: 'text/html' } })).text();
const json = async (n: number) => (await (await app.fetch(`/api/chapter/${slug}/${n}`)).json()) as { chapter: { html: string; title: string } };
const changed = () => announceChapterChange(app.platform.cache, slug);

describe('stored chapter renderings', () => {
  test('a written chapter carries its rendering, made from its text by this renderer', async () => {
    const stored = await row(1);
    expect(stored.html).toBe(renderChapter(TEXT(1).trim() + '\n'));
    expect(stored.html).toContain('<em>harbour</em>');
    expect(stored.html_source).toBe(`${RENDER_VERSION}:${stored.hash}`);
    expect(renderingSource(TEXT(1).trim() + '\n')).toBe(stored.html_source!);
    // And compressed, as the page is sent (gzip-parts.ts).
    expect(stored.compressed).not.toBeNull();
  });

  test('the page and the JSON serve the stored rendering as it is (nothing renders it again)', async () => {
    await storeAs(2, '<p>STORED-MARKER</p>');
    await changed();
    expect(await page(2)).toContain('<p>STORED-MARKER</p>');
    expect((await json(2)).chapter.html).toBe('<p>STORED-MARKER</p>');
  });

  test('text changed without its rendering is rendered anew, never shown with the old one, and stored', async () => {
    await sql`update chapters set html = '<p>STALE</p>' where book_slug = ${slug} and number = 3`.execute(app.platform.db);
    await sql`update chapters set text = ${'A *new* text for three.\n'} where book_slug = ${slug} and number = 3`.execute(app.platform.db);
    await changed();
    const shown = await page(3);
    expect(shown).not.toContain('STALE');
    expect(shown).toContain('A <em>new</em> text for three.');
    const stored = await row(3);
    expect(stored.html).toBe(renderChapter('A *new* text for three.\n'));
    expect(stored.html_source).toBe(`${RENDER_VERSION}:${stored.hash}`);
  });

  test('the chapter JSON, joined from its stored compressed members, is byte for byte what JSON.stringify writes', async () => {
    await changed();
    const body = await (await app.fetch(`/api/chapter/${slug}/2`, { headers: { 'accept-encoding': 'identity' } })).text();
    const stored = (await sql<{ text: string; html: string; json: string | null }>`
      select text, html, encode(json_deflated, 'base64') as json from chapters where book_slug = ${slug} and number = 2`.execute(app.platform.db)).rows[0]!;
    expect(stored.json).not.toBeNull();
    const parsed = JSON.parse(body);
    expect(parsed.chapter).toEqual({ number: 2, title: 'Chapter 2', text: stored.text, html: stored.html });
    expect(body).toBe(JSON.stringify(parsed));
    // A title and text that JSON must escape.
    await sql`update chapters set title = ${'Quote " and \\ back – “tidy” \u0001'} where book_slug = ${slug} and number = 2`.execute(app.platform.db);
    await changed();
    const tricky = await (await app.fetch(`/api/chapter/${slug}/2`, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
    const text = gunzipSync(Buffer.from(tricky)).toString('utf8');
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    expect(JSON.parse(text).chapter.title).toBe('Quote " and \\ back – “tidy” \u0001');
    await sql`update chapters set title = 'Chapter 2' where book_slug = ${slug} and number = 2`.execute(app.platform.db);
    await changed();
  });

  test('a writer that changes the text without rendering it clears the stored rendering, in both forms', async () => {
    await sql`update chapters set text = ${'Quietly changed.\n'} where book_slug = ${slug} and number = 1`.execute(app.platform.db);
    expect(await row(1)).toMatchObject({ html: null, html_source: null, compressed: null });
    await changed();
    expect(await page(1)).toContain('Quietly changed.');
    // The reader stored the new rendering, compressed too.
    expect((await row(1)).compressed).not.toBeNull();
    await sql`update chapters set text = ${TEXT(1).trim() + '\n'} where book_slug = ${slug} and number = 1`.execute(app.platform.db);
    await changed();
  });

  test('another look of a chapter whose facts are cached gets the same chapter text (from the cache or the row)', async () => {
    await changed();
    const first = await page(1);
    expect(first).toContain('<em>harbour</em>');
    const light = await (await app.fetch(`/book/${slug}/1`, { headers: { accept: 'text/html', cookie: 'theme=light' } })).text();
    expect(light).toContain('data-theme="light"');
    expect(light).toContain('<em>harbour</em>');
    expect(light).toContain('Paragraph 1.');
  });

  test("another renderer's rendering is not served", async () => {
    const { hash } = await row(4);
    await sql`update chapters set html = '<p>OLD-RENDERER</p>', html_source = ${`r0:${hash}`} where book_slug = ${slug} and number = 4`.execute(app.platform.db);
    await changed();
    expect((await json(4)).chapter.html).toBe(renderChapter(TEXT(4).trim() + '\n'));
    expect((await row(4)).html_source).toBe(`${RENDER_VERSION}:${hash}`);
  });

  test('render-chapters fills in only what is missing or stale, and a second run has nothing to do', async () => {
    await sql`update chapters set html = null, html_source = null where book_slug = ${slug} and number in (1, 4)`.execute(app.platform.db);
    const before2 = await row(2);
    const first = await renderMissingChapters(app.platform.db, { batch: 1 });
    expect(first.rendered).toBe(2);
    expect((await row(1)).html).toBe(renderChapter(TEXT(1).trim() + '\n'));
    expect((await row(4)).html).toBe(renderChapter(TEXT(4).trim() + '\n'));
    expect((await row(4)).compressed).not.toBeNull();
    expect(await row(2)).toEqual(before2); // current (even if hand-edited above): left alone
    expect((await renderMissingChapters(app.platform.db)).rendered).toBe(0);
    await sql`update chapters set html_source = null where book_slug = ${slug}`.execute(app.platform.db);
    expect((await renderMissingChapters(app.platform.db, { only: [{ slug, n: 3 }] })).rendered).toBe(1);
    expect((await row(3)).html_source).not.toBeNull();
    expect((await row(1)).html_source).toBeNull();
  });
});

describe('the cached chapter JSON', () => {
  const fetchJson = (n: number, headers: Record<string, string> = {}) => app.fetch(`/api/chapter/${slug}/${n}`, { headers });

  test('a repeat is answered from the cache until the book is announced changed', async () => {
    await changed();
    await json(1); // an answer is kept from its second reading (a chapter read once is not kept)
    const first = await json(1);
    await sql`update chapters set title = 'Renamed Quietly' where book_slug = ${slug} and number = 1`.execute(app.platform.db);
    expect(await json(1)).toEqual(first); // kept: nothing announced the change
    await changed();
    expect((await json(1)).chapter.title).toBe('Renamed Quietly');
  });

  test('brotli, gzip and identity carry the same JSON; a translation or a missing chapter is not cached', async () => {
    const plain = await (await fetchJson(2)).text();
    expect(JSON.parse(plain).chapter.number).toBe(2);
    for (const encoding of ['br', 'gzip']) {
      const response = await fetchJson(2, { 'accept-encoding': encoding });
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      const body = Buffer.from(await response.arrayBuffer());
      expect((encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString()).toBe(plain);
    }
    const missing = await fetchJson(99);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'Chapter not found' });
    const translated = await fetchJson(2, { 'accept-encoding': 'br' }).then(() => app.fetch(`/api/chapter/${slug}/2?locale=pt`));
    expect(translated.status).toBe(200);
    expect((await translated.json()).chapter.number).toBe(2);
  });
});
