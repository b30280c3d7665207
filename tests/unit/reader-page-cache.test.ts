import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { CHAPTER_CHANGES } from '../../src/features/catalogue/writes/announce.ts';
import { createChapterCache } from '../../src/features/reader/chapter-cache.ts';
import { createRenderedPageCache, renderedPageKey } from '../../src/features/reader/page-cache.ts';
import { setViewer, stampRequest } from '../../src/platform/http/request-context.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function counting() {
  const calls: string[] = [];
  return { calls, load: (value: string) => async () => (calls.push(value), value) };
}

describe('chapter cache', () => {
  test('a hot chapter is loaded once; another chapter or book is its own entry', async () => {
    const chapters = createChapterCache<string>(createMemoryCache(), { weigh: (v) => v.length });
    await chapters.ready;
    const { calls, load } = counting();
    const first = await chapters.get('a', 1, load('a1'));
    expect(first).toMatchObject({ value: 'a1', kept: true });
    expect(await chapters.get('a', 1, load('again'))).toEqual(first);
    await chapters.get('a', 2, load('a2'));
    await chapters.get('b', 1, load('b1'));
    expect(calls).toEqual(['a1', 'a2', 'b1']);
  });

  test('an announcement on the pub/sub channel drops that book only, in every cache sharing it', async () => {
    const shared = createMemoryCache();
    const one = createChapterCache<string>(shared, { weigh: (v) => v.length });
    const two = createChapterCache<string>(shared, { weigh: (v) => v.length });
    await Promise.all([one.ready, two.ready]);
    for (const c of [one, two]) {
      await c.get('a', 1, async () => 'old');
      await c.get('b', 1, async () => 'b');
    }
    await shared.publish(CHAPTER_CHANGES, 'a');
    await tick();
    for (const c of [one, two]) {
      const fresh = await c.get('a', 1, async () => 'new');
      expect(fresh.value).toBe('new');
      expect((await c.get('b', 1, async () => 'reloaded')).value).toBe('b');
    }
  });

  test('entries expire after the safety TTL (rows changed without an announcement)', async () => {
    let clock = 1_000_000;
    const chapters = createChapterCache<string>(createMemoryCache(), { weigh: (v) => v.length, ttlSeconds: 60, now: () => clock });
    await chapters.ready;
    const first = await chapters.get('a', 1, async () => 'old');
    clock += 59_000;
    expect((await chapters.get('a', 1, async () => 'new')).value).toBe('old');
    clock += 2_000;
    const later = await chapters.get('a', 1, async () => 'new');
    expect(later.value).toBe('new');
    expect(later.stamp).not.toBe(first.stamp); // renderings of the old data are not reused
  });

  test('a load running when the book changes is served but not kept', async () => {
    const chapters = createChapterCache<string>(createMemoryCache(), { weigh: (v) => v.length });
    await chapters.ready;
    let finish!: (value: string) => void;
    const slow = chapters.get('a', 1, () => new Promise<string>((resolve) => (finish = resolve)));
    await tick();
    chapters.dropBook('a');
    // A request after the change does not join the stale load.
    const after = chapters.get('a', 1, async () => 'new');
    finish('read before the change');
    expect(await slow).toMatchObject({ value: 'read before the change', kept: false });
    expect(await after).toMatchObject({ value: 'new', kept: true });
    expect((await chapters.get('a', 1, async () => 'unused')).value).toBe('new');
  });

  test('nothing is kept until invalidations can be heard', async () => {
    const deaf: Cache = { ...createMemoryCache(), subscribe: () => new Promise(() => {}) };
    const chapters = createChapterCache<string>(deaf, { weigh: (v) => v.length });
    expect((await chapters.get('a', 1, async () => 'one')).kept).toBe(false);
    expect((await chapters.get('a', 1, async () => 'two')).value).toBe('two');
  });

  test('bounded by entries and by weight', async () => {
    const chapters = createChapterCache<string>(createMemoryCache(), { weigh: (v) => v.length, maxEntries: 2, maxWeight: 10 });
    await chapters.ready;
    const { calls, load } = counting();
    await chapters.get('a', 1, load('1'));
    await chapters.get('a', 2, load('2'));
    await chapters.get('a', 3, load('3')); // evicts a/1
    await chapters.get('a', 1, load('1'));
    await chapters.get('a', 4, load('x'.repeat(11))); // heavier than the budget: never kept
    await chapters.get('a', 4, load('x'.repeat(11)));
    expect(calls).toEqual(['1', '2', '3', '1', 'x'.repeat(11), 'x'.repeat(11)]);
  });
});

function request(headers: Record<string, string> = {}, url = 'http://localhost/book/a/1', method = 'GET'): Request {
  const r = new Request(url, { method, headers });
  stampRequest(r);
  return r;
}

describe('rendered page cache', () => {
  test('the key holds the path, the look, the book font offer and the viewer', () => {
    const base = renderedPageKey(request(), '/book/a/1', 'v1');
    const variants = [
      renderedPageKey(request(), '/book/a/1', 'v2'),
      renderedPageKey(request(), '/book/a/01', 'v1'),
      renderedPageKey(request({ cookie: 'theme=light' }), '/book/a/1', 'v1'),
      renderedPageKey(request({ cookie: 'locale=pt' }), '/book/a/1', 'v1'),
      renderedPageKey(request({ 'accept-language': 'fr' }), '/book/a/1', 'v1'),
      renderedPageKey(request({ cookie: 'font_family=serif' }), '/book/a/1', 'v1'),
      // A reader who chose the system font is not offered the book font; one who never chose is.
      renderedPageKey(request({ cookie: 'font_family=system' }), '/book/a/1', 'v1'),
      renderedPageKey(request({ cookie: 'font_size=1.25' }), '/book/a/1', 'v1'),
    ];
    for (const viewer of [
      { username: 'alice', role: 'user', avatarUrl: null },
      { username: 'alice', role: 'admin', avatarUrl: null },
      { username: 'alice', role: 'user', avatarUrl: '/avatars/a.webp' },
      { username: 'bob', role: 'user', avatarUrl: null },
    ] as const) {
      const r = request();
      setViewer(r, viewer);
      variants.push(renderedPageKey(r, '/book/a/1', 'v1'));
    }
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    // Cookies that do not change the page (the visitor id) do not split the cache.
    expect(renderedPageKey(request({ cookie: 'session_id=someone-else-0123456789' }), '/book/a/1', 'v1')).toBe(base);
  });

  test('renders once per key; compressed bodies decode to the same HTML and say so', async () => {
    const pages = createRenderedPageCache({ admitAfter: 0 }); // every page kept at once
    const html = '<!doctype html><p>' + 'words '.repeat(400) + '</p>';
    let renders = 0;
    const render = () => (renders++, html);
    const both = await pages.respond(request({ 'accept-encoding': 'br, gzip' }), '/book/a/1', 'v7', render);
    expect(both.headers.get('content-encoding')).toBe('gzip'); // kept as gzip: cheaper to make than brotli
    expect(both.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await both.arrayBuffer())).toString()).toBe(html);
    const br = await pages.respond(request({ 'accept-encoding': 'br' }), '/book/a/1', 'v7', render);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const gz = await pages.respond(request({ 'accept-encoding': 'gzip' }), '/book/a/1', 'v7', render);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    const plain = await pages.respond(request(), '/book/a/1', 'v7', render);
    expect(plain.headers.get('content-encoding')).toBeNull(); // left to the outer compression
    expect(await plain.text()).toBe(html);
    expect(renders).toBe(1);
    await pages.respond(request({ 'accept-encoding': 'br' }), '/book/a/1', 'v7', render);
    expect(renders).toBe(1);
  });

  test('a page is kept from its second reading: a chapter read once is never stored', async () => {
    const pages = createRenderedPageCache({ admitAfter: 1000 });
    let renders = 0;
    const render = () => `<p>${'words '.repeat(300)}${++renders}</p>`;
    for (let i = 0; i < 3; i++) await pages.respond(request(), '/book/a/1', 'v1', render);
    expect(renders).toBe(2); // first reading rendered and let go, second rendered and kept, third a hit
    await pages.respond(request(), '/book/a/2', 'v1', render);
    await pages.respond(request(), '/book/a/3', 'v1', render);
    expect(renders).toBe(4);
  });

  test('uncached data, query strings and HEAD are rendered every time', async () => {
    const pages = createRenderedPageCache();
    let renders = 0;
    const render = () => `<p>${++renders}</p>`;
    await pages.respond(request(), '/book/a/1', null, render);
    await pages.respond(request(), '/book/a/1', null, render);
    await pages.respond(request({}, 'http://localhost/book/a/1?x=1'), '/book/a/1', 'v3', render);
    await pages.respond(request({}, 'http://localhost/book/a/1?x=2'), '/book/a/1', 'v3', render);
    await pages.respond(request({}, undefined, 'HEAD'), '/book/a/1', 'v3', render);
    expect(renders).toBe(5);
  });
});
