import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import JSZip from 'jszip';
import { startScrapeApp, type ScrapeTestApp } from '../support/scrape-app.ts';
import { SHORT_BOOK, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { startScrape, waitForTask } from '../support/scrape-tasks.ts';
import { blankPng } from '../support/png.ts';

/**
 * Covers come from outside (a source site, an admin's upload, an AI service) and are served on our
 * origin and packed into EPUBs. None is stored past the pixel limit, read from its header before
 * anything decodes it (COVER_MAX_DIMENSION, 4096 by default); no SVG can carry script into an EPUB
 * or run it on our origin.
 */
let site: SourceSite;
let app: ScrapeTestApp;
let admin: Session;
let pro: Session;

beforeAll(async () => {
  site = await startSourceSite();
  // An AI service that is configured (so the cover routes open) but never answers: saving a cover does not call it.
  app = await startScrapeApp({ siteUrl: site.novelfireUrl, env: { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'unused' } });
  [admin, pro] = await Promise.all([loginAs(app, 'cover-admin', { role: 'admin' }), loginAs(app, 'cover-pro', { role: 'pro' })]);
});
afterAll(async () => {
  await app.close();
  await site.close();
});

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
const EVIL_SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="450" onload="alert(1)">'
  + '<script>alert(document.cookie)</script><rect width="300" height="450" fill="#35506b" onclick="alert(2)"/>'
  + '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"/></body></foreignObject>'
  + '<image xlink:href="https://evil.example/track.png" width="10" height="10"/></svg>';

const coverKeyOf = async (slug: string) => (await app.platform.db.selectFrom('books').select('cover_key').where('slug', '=', slug).executeTakeFirst())?.cover_key ?? null;
const storedCovers = async (slug: string) => (await app.platform.objects.list(`covers/${slug}/`)).map((o) => o.key);

async function scrapeShortBook(): Promise<void> {
  const id = await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SHORT_BOOK}` });
  expect((await waitForTask(app, admin, id)).status).toBe('done');
}

async function forgetCover(slug: string): Promise<void> {
  await app.platform.db.updateTable('books').set({ cover_key: null }).where('slug', '=', slug).execute();
  for (const key of await storedCovers(slug)) await app.platform.objects.delete(key);
}

describe('scraped covers', () => {
  test('a 10000×10000 PNG from the source is never stored: the book is scraped without a cover', async () => {
    const huge = blankPng(10_000, 10_000);
    expect(huge.length).toBeLessThan(64 * 1024); // small in bytes: only its header says how big it is
    site.control.setCover(SHORT_BOOK, { bytes: huge, contentType: 'image/png' });
    await scrapeShortBook();
    expect(await coverKeyOf(SHORT_BOOK)).toBeNull();
    expect(await storedCovers(SHORT_BOOK)).toEqual([]);

    // The same book with a cover of an ordinary size does get it: the refusal was the size.
    site.control.setCover(SHORT_BOOK, { bytes: blankPng(300, 450), contentType: 'image/png' });
    await scrapeShortBook();
    expect(await coverKeyOf(SHORT_BOOK)).toMatch(new RegExp(`^covers/${SHORT_BOOK}/[0-9a-f]{12}\\.png$`));
    await forgetCover(SHORT_BOOK);
  });

  test('an SVG cover with script is stored as a PNG drawing, never as SVG', async () => {
    site.control.setCover(SHORT_BOOK, { bytes: new TextEncoder().encode(EVIL_SVG), contentType: 'image/svg+xml' });
    await scrapeShortBook();
    const key = await coverKeyOf(SHORT_BOOK);
    expect(key).toMatch(new RegExp(`^covers/${SHORT_BOOK}/[0-9a-f]{12}\\.png$`));
    const object = (await app.platform.objects.get(key!))!;
    expect(object.contentType).toBe('image/png');
    expect([...new Uint8Array(await new Response(object.body).arrayBuffer()).slice(0, 4)]).toEqual(PNG_MAGIC);
    expect((await storedCovers(SHORT_BOOK)).filter((k) => k.endsWith('.svg'))).toEqual([]);
    await forgetCover(SHORT_BOOK);
  });
});

describe('uploaded covers', () => {
  test('an admin saving a 10000×10000 PNG as a cover gets 413 too_large with a plain message, and nothing is stored', async () => {
    const res = await app.fetch('/api/admin/image-gen/save-cover', {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'morning-bread', image: Buffer.from(blankPng(10_000, 10_000)).toString('base64') }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'too_large', message: 'The picture is 10000×10000 pixels; a cover may be at most 4096×4096' });
    expect((await storedCovers('morning-bread')).filter((k) => k.endsWith('.webp'))).toEqual([]);
  });
});

describe('an SVG cover already stored', () => {
  const SLUG = 'morning-bread';
  const KEY = `covers/${SLUG}/0123456789ab.svg`;

  beforeAll(async () => {
    await app.platform.objects.put(KEY, new TextEncoder().encode(EVIL_SVG), { contentType: 'image/svg+xml' });
    await app.platform.db.updateTable('books').set({ cover_key: KEY }).where('slug', '=', SLUG).execute();
  });

  test('goes into the exported EPUB as a PNG drawing: no script, no event handler, no SVG at all', async () => {
    const res = await app.fetch(`/api/export/${SLUG}?from=1&to=1`, { headers: { cookie: pro.cookie, accept: 'application/json' } });
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(zip.files);
    expect(names.filter((name) => /\.svg$/i.test(name))).toEqual([]);
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect(opf).not.toContain('image/svg+xml');
    expect(opf).toContain('<item id="cover-image" href="images/cover.png" media-type="image/png"/>');
    expect([...(await zip.file('OEBPS/images/cover.png')!.async('uint8array')).slice(0, 4)]).toEqual(PNG_MAGIC);
    for (const name of names.filter((n) => !zip.files[n]!.dir)) {
      const text = Buffer.from(await zip.file(name)!.async('uint8array')).toString('latin1');
      expect(`${name}: ${/<script|onload=|onclick=|foreignObject|evil\.example/i.test(text)}`).toBe(`${name}: false`);
    }
  });

  test('opened directly on our origin, it is sandboxed: its policy allows no script', async () => {
    const res = await app.fetch(`/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy.filter((d) => /^script-src/.test(d))).toEqual([]);
    await res.body?.cancel();
  });
});
