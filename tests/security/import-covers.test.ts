import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { loginAs } from '../support/auth.ts';
import { blankPng } from '../support/png.ts';
import { importClient } from './support/import-client.ts';
import { coveredEpub } from './support/hostile-books.ts';

/**
 * Finding 9 (covers), for imports: the cover inside an uploaded EPUB is checked like every stored
 * cover. An SVG (which can carry script) is drawn to PNG; one past the pixel limit is left out and
 * the book is published without a cover.
 */
let app: ImportTestApp;
let client: ReturnType<typeof importClient>;
beforeAll(async () => {
  app = await startImportApp();
  client = importClient(app, await loginAs(app, 'cover-import-admin', { role: 'admin' }));
});
afterAll(() => app.close());

async function publishedCover(file: Uint8Array): Promise<{ key: string | null; bytes: Uint8Array | null }> {
  const task = await client.waitFor(await client.upload('covered.epub', file));
  expect(task.status).toBe('done');
  const book = await app.platform.db.selectFrom('books').select('cover_key').where('slug', '=', task.book_slug!).executeTakeFirstOrThrow();
  if (!book.cover_key) return { key: null, bytes: null };
  const object = await app.platform.objects.get(book.cover_key);
  return { key: book.cover_key, bytes: object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null };
}

describe('the cover of an imported EPUB', () => {
  test('an SVG with script is stored as a PNG drawing, never as SVG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="90" onload="alert(1)"><script>alert(2)</script><rect width="60" height="90" fill="#2a4"/></svg>';
    const { key, bytes } = await publishedCover(await coveredEpub({ name: 'cover.svg', bytes: svg, mediaType: 'image/svg+xml' }));
    expect(key).toMatch(/\.png$/);
    expect([...bytes!.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(new TextDecoder().decode(bytes!)).not.toContain('script');
  });

  test('a 10000×10000 PNG is left out: the book is published without a cover', async () => {
    const { key } = await publishedCover(await coveredEpub({ name: 'cover.png', bytes: blankPng(10_000, 10_000), mediaType: 'image/png' }));
    expect(key).toBeNull();
  });

  test('an ordinary PNG cover is kept as it came', async () => {
    const png = blankPng(60, 90);
    const { key, bytes } = await publishedCover(await coveredEpub({ name: 'cover.png', bytes: png, mediaType: 'image/png' }));
    expect(key).toMatch(/\.png$/);
    expect(bytes).toEqual(png);
  });
});
