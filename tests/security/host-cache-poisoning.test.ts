import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { parseExposition, sampleValue } from '../support/prometheus-text.ts';

/**
 * Without BASE_URL a page is drawn for the address it was asked at (canonical, og:url, og:image
 * are absolute). A page drawn for a forged Host must never be handed to anyone asking at another
 * address: the rendered-page caches keep pages per public origin.
 */
const SITE = 'http://localhost:3000';
const ATTACKER = 'http://attacker.example';
const TOKEN = 'metrics-token-for-host-poisoning';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { BASE_URL: '', METRICS_TOKEN: TOKEN } });
});
afterAll(() => app.close());

const page = async (origin: string, path: string, headers: Record<string, string> = {}) => {
  const res = await app.handle(new Request(new URL(path, origin), { headers: { accept: 'text/html', ...headers } }));
  expect(res.status).toBe(200);
  return res.text();
};

const PAGES = ['/book/morning-bread/2', '/book/morning-bread', '/browse', '/search?q=bread', '/ranking', '/api/browse', '/api/chapter/morning-bread/2'];

for (const path of PAGES) {
  test(`${path} drawn for Host attacker.example is never served to a reader at the site's own address`, async () => {
    // Twice: some caches keep a page only from its second request.
    for (let i = 0; i < 3; i++) await page(ATTACKER, path);
    const html = await page(SITE, path);
    expect(html).not.toContain('attacker.example');
    if (!path.startsWith('/api/')) {
      expect(html).toContain(`<link rel="canonical" href="${SITE}/`);
      expect(html).toContain(`<meta property="og:url" content="${SITE}/`);
    }
  });
}

test("the chapter page's og:image points at the reader's own address", async () => {
  for (let i = 0; i < 3; i++) await page(ATTACKER, '/book/morning-bread/3');
  const html = await page(SITE, '/book/morning-bread/3');
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="${SITE}/`));
});

test('htmx fragments of a listing are kept apart per address too', async () => {
  const fragment = { 'hx-request': 'true', 'hx-target': 'browse-results' };
  for (let i = 0; i < 3; i++) await page(ATTACKER, '/browse?sort=title', fragment);
  expect(await page(SITE, '/browse?sort=title', fragment)).not.toContain('attacker.example');
});

/** Hits of the rendered listing-page cache while `fn` runs. */
async function hitsDuring(fn: () => Promise<unknown>): Promise<number> {
  const read = async () => {
    const metrics = await app.handle(new Request(`${SITE}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }));
    return sampleValue(parseExposition(await metrics.text()), 'chapterhouse_cache_lookups_total', { cache: 'catalogue_page', result: 'hit' }, 0);
  };
  const before = await read();
  await fn();
  return (await read()) - before;
}

test('spraying Host values cannot take over the cache: pages are kept for a bounded number of addresses', async () => {
  // The site's own address is kept (and hits) before the spray...
  await page(SITE, '/ranking?by=new');
  expect(await hitsDuring(() => page(SITE, '/ranking?by=new'))).toBe(1);
  // ...forged hosts past the bound are drawn each time and never kept...
  for (let i = 0; i < 100; i++) await page(`http://spray-${i}.example`, '/ranking?by=new');
  expect(await hitsDuring(async () => {
    await page('http://spray-99.example', '/ranking?by=new');
    await page('http://spray-99.example', '/ranking?by=new');
  })).toBe(0);
  // ...and the site's own address still is.
  expect(await hitsDuring(() => page(SITE, '/ranking?by=new'))).toBe(1);
});
