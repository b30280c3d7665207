import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHandler } from '../../src/app.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';
import type { Handler } from '../../src/platform/http/server.ts';
import { announceChapterChange } from '../../src/features/catalogue/writes/announce.ts';
import { BASE_URL, startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';

// Caching of the chapter page (docs/design.md, "Chapter page caching"): whatever was cached, each
// reader gets their own look, their own header and their own per-request headers.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const PATH = '/book/ink-and-alibis/2';
const get = (path: string, headers: Record<string, string> = {}, handle: Handler = app.handle) =>
  handle(new Request(new URL(path, BASE_URL), { headers: { accept: 'text/html', ...headers } }));
const text = async (path: string, headers: Record<string, string> = {}, handle?: Handler) => (await get(path, headers, handle)).text();
const titleOf = (html: string) => /<h1 class="reader__title" lang="en">([^<]*)<\/h1>/.exec(html)?.[1];

describe('the cached chapter page', () => {
  test('a different theme, locale, font or size never gets another look\'s page', async () => {
    for (let round = 0; round < 2; round++) {
      expect(await text(PATH)).toContain('data-theme="amber"');
      expect(await text(PATH, { cookie: 'theme=light' })).toContain('data-theme="light"');
      expect(await text(PATH, { cookie: 'locale=pt' })).toContain('<html lang="pt"');
      expect(await text(PATH, { 'accept-language': 'fr-FR,fr;q=0.9' })).toContain('<html lang="fr"');
      expect(await text(PATH, { cookie: 'font_family=serif' })).toContain('data-font="serif"');
      expect(await text(PATH, { cookie: 'font_size=1.25' })).toContain('--font-scale: 1.25');
      expect(await text(PATH)).toContain('<html lang="en" data-theme="amber" data-font="system" style="--font-scale: 1"');
    }
  });

  test('a signed-in viewer sees their own header, a visitor "Sign in", whoever came first', async () => {
    const visitor = await text(PATH);
    expect(visitor).toContain('>Sign in</a>');
    const alice = await loginAs(app, 'alice');
    const bob = await loginAs(app, 'bob');
    for (let round = 0; round < 2; round++) {
      const mine = await text(PATH, { cookie: alice.cookie });
      expect(mine).toContain('<span class="account-link__name">alice</span>');
      expect(mine).not.toContain('>Sign in</a>');
      const his = await text(PATH, { cookie: bob.cookie });
      expect(his).toContain('<span class="account-link__name">bob</span>');
      expect(his).not.toContain('alice');
      expect(await text(PATH)).toBe(visitor);
    }
  });

  test('compressed bodies decode to the page, with Vary; per-request headers and cookies stay per request', async () => {
    const cookie = 'session_id=cached-page-reader-0123456789';
    const plain = await text(PATH, { cookie });
    for (let round = 0; round < 2; round++) {
      // A browser takes both: the page is kept (and sent) as gzip, joined from its template's pieces.
      const both = await get(PATH, { cookie, 'accept-encoding': 'gzip, br' });
      expect(both.headers.get('content-encoding')).toBe('gzip');
      expect(both.headers.get('vary')).toContain('Accept-Encoding');
      expect(gunzipSync(Buffer.from(await both.arrayBuffer())).toString()).toBe(plain);
      const br = await get(PATH, { cookie, 'accept-encoding': 'br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
      const gz = await get(PATH, { cookie, 'accept-encoding': 'gzip' });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    }
    const [first, second] = [await get(PATH, { 'accept-encoding': 'br' }), await get(PATH, { 'accept-encoding': 'br' })];
    for (const res of [first, second]) {
      // A new visitor gets their own session cookie and the security headers, cached body or not.
      expect(res.headers.getSetCookie().some((c) => c.startsWith('session_id='))).toBe(true);
      expect(res.headers.get('content-security-policy')).toBeTruthy();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(first.headers.getSetCookie()[0]).not.toBe(second.headers.getSetCookie()[0]);
  });

  test('announceChapterChange reaches another app instance sharing the cache', async () => {
    // A second app over the same database and cache, as a second process would be.
    const other = createHandler(app.platform, loadAssets());
    await Bun.sleep(200); // its subscription is live (Redis answers the SUBSCRIBE)
    const path = '/book/salvage-rights/2';
    const before = titleOf(await text(path));
    expect(before).toBeTruthy();
    expect(titleOf(await text(path, {}, other))).toBe(before);
    // Read again: a chapter is kept from its second reading.
    await text(path);
    await text(path, {}, other);

    await app.platform.db.updateTable('chapters').set({ title: 'A Title Changed Elsewhere' }).where('book_slug', '=', 'salvage-rights').where('number', '=', 2).execute();
    // Until announced, both serve what they cached (the TTL bounds this for unannounced changes).
    expect(titleOf(await text(path))).toBe(before);
    expect(titleOf(await text(path, {}, other))).toBe(before);

    await announceChapterChange(app.platform.cache, 'salvage-rights');
    for (const handle of [app.handle, other]) {
      const deadline = Date.now() + 3000;
      let title = titleOf(await text(path, {}, handle));
      while (title === before && Date.now() < deadline) {
        await Bun.sleep(20);
        title = titleOf(await text(path, {}, handle));
      }
      expect(title).toBe('A Title Changed Elsewhere');
    }
    // The neighbours' pages (prev/next, chapter count) are that book's too.
    expect(await text('/book/salvage-rights/3', {}, other)).toContain('rel="prev" href="/book/salvage-rights/2"');
  });
});
