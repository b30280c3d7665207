import { describe, expect, test } from 'bun:test';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { createChapterHtmlCache } from '../../src/features/reader/html-cache.ts';
import { Lru } from '../../src/features/reader/lru.ts';
import { RENDER_VERSION } from '../../src/platform/markup/chapter-html.ts';

describe('Lru', () => {
  test('evicts the least recently used entry past the entry limit', () => {
    const lru = new Lru<string>(2, 1000, (v) => v.length);
    lru.set('a', '1');
    lru.set('b', '2');
    expect(lru.get('a')).toBe('1'); // a is now the youngest
    lru.set('c', '3');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('1');
    expect(lru.get('c')).toBe('3');
  });

  test('keeps the total weight under its budget and refuses single entries above it', () => {
    const lru = new Lru<string>(100, 10, (v) => v.length);
    lru.set('a', 'xxxx');
    lru.set('b', 'xxxx');
    lru.set('c', 'xxxx');
    expect(lru.get('a')).toBeUndefined();
    expect(lru.weight).toBe(8);
    lru.set('huge', 'x'.repeat(11));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.size).toBe(2);
    lru.set('b', 'x'); // replacing an entry re-weighs it
    expect(lru.weight).toBe(5);
  });
});

describe('chapter HTML cache', () => {
  test('renders once, then serves from this process; the shared cache holds it under the content key', async () => {
    const shared = createMemoryCache();
    const cache = createChapterHtmlCache(shared);
    let loads = 0;
    const load = async () => (loads++, '*hello*');
    const [a, b] = await Promise.all([cache.html('h1', load), cache.html('h1', load)]);
    expect(a).toBe('<p><em>hello</em></p>');
    expect(b).toBe(a);
    expect(await cache.html('h1', load)).toBe(a);
    expect(loads).toBe(1); // concurrent first readers shared one rendering
    expect(await shared.get(`reader:html:${RENDER_VERSION}:h1`)).toBe(a);
    // Another process (a fresh local cache over the same shared cache) does not render again.
    let otherLoads = 0;
    expect(await createChapterHtmlCache(shared).html('h1', async () => (otherLoads++, 'other'))).toBe(a);
    expect(otherLoads).toBe(0);
    await shared.close();
  });

  test('a different content hash is a different rendering', async () => {
    const cache = createChapterHtmlCache(createMemoryCache());
    expect(await cache.html('v1', async () => 'old')).toBe('<p>old</p>');
    expect(await cache.html('v2', async () => 'new')).toBe('<p>new</p>');
    expect(await cache.html('v1', async () => 'ignored')).toBe('<p>old</p>');
  });

  test('a failing shared cache costs a rendering, never the chapter', async () => {
    const broken = { get: async () => { throw new Error('down'); }, set: async () => { throw new Error('down'); } } as unknown as Cache;
    const errors: unknown[] = [];
    const cache = createChapterHtmlCache(broken, { onError: (e) => errors.push(e) });
    expect(await cache.html('h', async () => 'still **here**')).toBe('<p>still <strong>here</strong></p>');
    await Bun.sleep(0);
    expect(errors.length).toBe(2);
  });
});
