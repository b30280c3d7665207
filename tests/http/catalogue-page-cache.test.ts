import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { parseExposition, sampleValue } from '../support/prometheus-text.ts';

// Rendered /browse, /search and /ranking pages (catalogue/page-cache.ts): kept by catalogue
// version, canonical URL, fragment, look and viewer; each reader still gets their own page.
const TOKEN = 'metrics-token-0123456789';
const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { METRICS_TOKEN: TOKEN, DEBUG_LOGIN_TOKEN: DEBUG_TOKEN }, clock: clock.now });
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) => app.fetch(path, { headers: { accept: 'text/html', ...headers } });
const text = async (path: string, headers: Record<string, string> = {}) => {
  const res = await get(path, headers);
  expect(res.status).toBe(200);
  return res.text();
};
const htmx = (target: string, extra: Record<string, string> = {}) => ({ 'hx-request': 'true', 'hx-target': target, ...extra });

/** Hits and misses of the rendered listing-page cache while `fn` runs. */
async function lookupsDuring(fn: () => Promise<unknown>): Promise<{ hit: number; miss: number }> {
  const read = async () => {
    const samples = parseExposition(await (await app.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text());
    const value = (result: string) => sampleValue(samples, 'chapterhouse_cache_lookups_total', { cache: 'catalogue_page', result }, 0);
    return { hit: value('hit'), miss: value('miss') };
  };
  const before = await read();
  await fn();
  const after = await read();
  return { hit: after.hit - before.hit, miss: after.miss - before.miss };
}

/** The book card (or ranking row, or search hit) of `slug` in a listing page. */
function cardOf(html: string, slug: string): string {
  const card = html.split(/<(?:article|li) class="(?:book-card|ranking-row|search-hit)"/).find((part) => part.includes(`href="/book/${slug}"`));
  expect(card).toBeDefined();
  return card!;
}

describe('the rendered listing-page cache', () => {
  test('a repeat is served from the cache; junk parameters and spelled-out defaults share the entry', async () => {
    for (const path of ['/browse?sort=title', '/search?q=harbour', '/ranking?by=new']) {
      let first = '';
      expect(await lookupsDuring(async () => (first = await text(path)))).toEqual({ hit: 0, miss: 1 });
      expect(await lookupsDuring(async () => expect(await text(path)).toBe(first))).toEqual({ hit: 1, miss: 0 });
    }
    const page = await text('/browse?genre=fantasy');
    expect(await lookupsDuring(async () => expect(await text('/browse?genre=fantasy&sort=popular&page=1&utm_source=mail&status=')).toBe(page))).toEqual({ hit: 1, miss: 0 });
    // The page is drawn for its canonical URL: junk of whoever came first never reaches the links.
    const junk = await text('/browse?genre=mystery&utm_source=mail-7f3a');
    expect(junk).not.toContain('7f3a');
    expect(junk).toContain('name="return_to" value="/browse?genre=mystery"');
    expect(junk).toContain(`return_to=${encodeURIComponent('/browse?genre=mystery')}`);
    expect(await lookupsDuring(async () => expect(await text('/browse?genre=mystery')).toBe(junk))).toEqual({ hit: 1, miss: 0 });
    expect(await lookupsDuring(() => text('/ranking?limit=50&by=popular'))).toEqual({ hit: 0, miss: 1 });
    expect(await lookupsDuring(() => text('/ranking'))).toEqual({ hit: 1, miss: 0 });
  });

  test('search words trimmed alike share an entry; words spelled otherwise get their own page', async () => {
    const plain = await text('/search?q=dragon');
    expect(await lookupsDuring(async () => expect(await text('/search?q=%20%20dragon%20')).toBe(plain))).toEqual({ hit: 1, miss: 0 });
    // The page shows the words as typed (the box, the title): another spelling is its own page.
    const capital = await text('/search?q=Dragon');
    expect(capital).toContain('value="Dragon"');
    expect(capital).toContain('<title>Search: Dragon');
    expect(plain).toContain('value="dragon"');
    expect(await text('/search?q=dragon')).toBe(plain);
    // A search that finds nothing suggests genres; it is kept like any other.
    const none = await text('/search?q=zzyzxqv');
    expect(none).toContain('class="genre-chip"');
    expect(await lookupsDuring(async () => expect(await text('/search?q=zzyzxqv')).toBe(none))).toEqual({ hit: 1, miss: 0 });
  });

  test('a rating or a book edit shows on the very next request', async () => {
    const slug = 'morning-bread';
    for (const path of ['/browse?sort=title', '/ranking?by=rating']) await text(path);
    expect(cardOf(await text('/browse?sort=title'), slug)).not.toContain('★');
    const res = await app.fetch(`/api/ratings/${slug}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-session-id': 'anon-page-cache-0123456789abcdef' },
      body: JSON.stringify({ rating: 5 }),
    });
    expect(res.status).toBe(200);
    expect(cardOf(await text('/browse?sort=title'), slug)).toContain('★ 5.0');
    expect(cardOf(await text('/ranking?by=rating'), slug)).toContain('1 rating');

    await text('/search?q=salvage');
    await app.platform.db.updateTable('books').set({ title: 'Salvage Rights Revised' }).where('slug', '=', 'salvage-rights').execute();
    await bumpCatalogueVersion(app.platform.cache); // what every writer does after its commit
    expect(await text('/browse?sort=title')).toContain('Salvage Rights Revised');
    expect(await text('/search?q=salvage')).toContain('Revised');
  });

  test('a different theme or locale never gets another look\'s page', async () => {
    for (const path of ['/browse', '/search?q=dragon', '/ranking']) {
      for (let round = 0; round < 2; round++) {
        expect(await text(path)).toContain('<html lang="en" data-theme="amber"');
        expect(await text(path, { cookie: 'theme=light' })).toContain('data-theme="light"');
        expect(await text(path, { cookie: 'locale=pt' })).toContain('<html lang="pt"');
        expect(await text(path, { 'accept-language': 'fr-FR,fr;q=0.9' })).toContain('<html lang="fr"');
        expect(await text(path, { cookie: 'font_size=1.25' })).toContain('--font-scale: 1.25');
      }
    }
  });

  test('a signed-in viewer sees their own header, a visitor "Sign in", whoever came first', async () => {
    const alice = await loginAs(app, 'alice');
    const bob = await loginAs(app, 'bob');
    for (const path of ['/browse?sort=new', '/search?q=dragon', '/ranking?by=popular']) {
      const visitor = await text(path);
      expect(visitor).toContain('>Sign in</a>');
      for (let round = 0; round < 2; round++) {
        const mine = await text(path, { cookie: alice.cookie });
        expect(mine).toContain('<span class="account-link__name">alice</span>');
        expect(mine).not.toContain('>Sign in</a>');
        const his = await text(path, { cookie: bob.cookie });
        expect(his).toContain('<span class="account-link__name">bob</span>');
        expect(his).not.toContain('alice');
        expect(await text(path)).toBe(visitor);
      }
    }
  });

  test('htmx fragments and the whole page are kept apart; a history restore gets the whole page', async () => {
    const path = '/browse?sort=rating';
    for (let round = 0; round < 2; round++) {
      const whole = await text(path);
      expect(whole).toStartWith('<!doctype html>');
      const results = await text(path, htmx('browse-results'));
      expect(results).not.toContain('<!doctype html>');
      expect(results).toContain('<h1 id="browse-title" hx-swap-oob="true">');
      // "More books": the next cards only, without the heading.
      const grid = await text(path, htmx('browse-grid'));
      // The first card of a further page takes a keyboard reader's focus and says how many came (public/js/swap-focus.js).
      expect(grid).toMatch(/^<li tabindex="-1" data-swap-focus="" data-announce="\d+ more books below\."><article class="book-card">/);
      expect(grid).not.toContain('browse-title');
      expect(grid).not.toBe(results);
      expect(await text(path, htmx('browse-results', { 'hx-history-restore-request': 'true' }))).toBe(whole);
      expect(await text(path, htmx('no-such-target'))).toBe(whole);
      const ranking = await text('/ranking', htmx('ranking'));
      expect(ranking).not.toContain('<!doctype html>');
      expect(await text('/ranking')).toStartWith('<!doctype html>');
      const search = await text('/search?q=dragon', htmx('search-results'));
      expect(search).not.toContain('<!doctype html>');
      expect(await text('/search?q=dragon')).toStartWith('<!doctype html>');
    }
    expect((await get(path, htmx('browse-results'))).headers.get('vary')).toContain('HX-Target');
  });

  test('pages expire after 60 s by the app\'s clock', async () => {
    const path = '/ranking?by=updated';
    await text(path);
    clock.advance(59_000);
    expect(await lookupsDuring(() => text(path))).toEqual({ hit: 1, miss: 0 });
    clock.advance(2_000);
    expect(await lookupsDuring(() => text(path))).toEqual({ hit: 0, miss: 1 });
    expect(await lookupsDuring(() => text(path))).toEqual({ hit: 1, miss: 0 });
  });

  test('gzip, brotli and identity all decode to the same page, with Vary', async () => {
    for (const path of ['/browse?sort=popular&limit=6', '/search?q=ink', '/ranking?by=rating']) {
      const plain = await text(path);
      for (let round = 0; round < 2; round++) {
        // A browser takes both: the page is kept (and sent) as gzip, cheaper to make than brotli.
        const both = await get(path, { 'accept-encoding': 'gzip, br' });
        expect(both.headers.get('content-encoding')).toBe('gzip');
        expect(both.headers.get('vary')).toContain('Accept-Encoding');
        expect(both.headers.get('vary')).toContain('HX-Request');
        expect(gunzipSync(Buffer.from(await both.arrayBuffer())).toString()).toBe(plain);
        const br = await get(path, { 'accept-encoding': 'br' });
        expect(br.headers.get('content-encoding')).toBe('br');
        expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
        const gz = await get(path, { 'accept-encoding': 'gzip' });
        expect(gz.headers.get('content-encoding')).toBe('gzip');
        expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
        const identity = await get(path, { 'accept-encoding': 'identity' });
        expect(identity.headers.get('content-encoding')).toBeNull();
        expect(await identity.text()).toBe(plain);
      }
      // A new visitor gets their own session cookie whatever was cached.
      const [first, second] = [await get(path, { 'accept-encoding': 'br' }), await get(path, { 'accept-encoding': 'br' })];
      expect(first.headers.getSetCookie()[0]).not.toBe(second.headers.getSetCookie()[0]);
      expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    }
  });
});
