import { describe, expect, test } from 'bun:test';
import type { CatalogueAnswers } from '../../src/features/catalogue/answers.ts';
import { createListingPageCache, genreListStamp, listingPageKey, type ListingPage } from '../../src/features/catalogue/page-cache.ts';
import { setViewer, stampRequest } from '../../src/platform/http/request-context.ts';

function request(headers: Record<string, string> = {}, method = 'GET'): Request {
  const r = new Request('http://localhost/browse?sort=title', { method, headers });
  stampRequest(r);
  return r;
}

/** Answers whose version the test sets; null is a shared cache that is away. */
function answersAt(version: () => string | null): CatalogueAnswers {
  return { get: (_key, load) => load(), peek: async () => undefined, version: async () => version(), close: async () => {} };
}

const PAGE: ListingPage = { path: '/browse?sort=title', part: 'page', genres: 1 };

describe('rendered listing pages', () => {
  test('the key holds the version, the canonical URL, the part, the genre list, the look and the viewer', () => {
    const base = listingPageKey(request(), '7', PAGE);
    const variants = [
      listingPageKey(request(), '8', PAGE),
      listingPageKey(request(), '7', { ...PAGE, path: '/browse?sort=new' }),
      listingPageKey(request(), '7', { ...PAGE, part: 'browse-results' }),
      listingPageKey(request(), '7', { ...PAGE, genres: 2 }),
      listingPageKey(request({ cookie: 'theme=light' }), '7', PAGE),
      listingPageKey(request({ cookie: 'locale=pt' }), '7', PAGE),
      listingPageKey(request({ 'accept-language': 'fr' }), '7', PAGE),
      listingPageKey(request({ cookie: 'font_family=serif' }), '7', PAGE),
      listingPageKey(request({ cookie: 'font_size=1.25' }), '7', PAGE),
    ];
    for (const viewer of [
      { username: 'alice', role: 'user', avatarUrl: null },
      { username: 'alice', role: 'admin', avatarUrl: null },
      { username: 'alice', role: 'user', avatarUrl: '/avatars/a.webp' },
      { username: 'bob', role: 'user', avatarUrl: null },
    ] as const) {
      const r = request();
      setViewer(r, viewer);
      variants.push(listingPageKey(r, '7', PAGE));
    }
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    // Cookies that do not change the page (the visitor id) do not split the cache.
    expect(listingPageKey(request({ cookie: 'session_id=someone-else-0123456789' }), '7', PAGE)).toBe(base);
  });

  test('a genre list keeps its stamp; a new list (new counts) gets another', () => {
    const list = [{ slug: 'fantasy', name: 'Fantasy', count: 3 }];
    expect(genreListStamp(list)).toBe(genreListStamp(list));
    expect(genreListStamp([{ ...list[0]! }])).not.toBe(genreListStamp(list));
  });

  test('kept for the TTL by the injected clock, then rendered again', async () => {
    let clock = 1_000_000;
    const pages = createListingPageCache(answersAt(() => '3'), { ttlSeconds: 60, now: () => clock });
    let renders = 0;
    const render = () => `<p>${++renders}</p>`;
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>1</p>');
    clock += 59_999;
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>1</p>');
    clock += 1;
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>2</p>');
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>2</p>');
  });

  test('a new catalogue version is rendered anew; without a version (cache away) and for HEAD nothing is kept', async () => {
    let version: string | null = '1';
    const pages = createListingPageCache(answersAt(() => version), { now: () => 0 });
    let renders = 0;
    const render = () => `<p>${++renders}</p>`;
    const headers = { vary: 'HX-Request, HX-Target' };
    await pages.respond(request(), PAGE, render, headers);
    await pages.respond(request(), PAGE, render, headers);
    expect(renders).toBe(1);
    version = '2';
    await pages.respond(request(), PAGE, render, headers);
    expect(renders).toBe(2);
    version = null;
    const away = await pages.respond(request(), PAGE, render, headers);
    expect(await away.text()).toBe('<p>3</p>');
    expect(away.headers.get('vary')).toBe('HX-Request, HX-Target');
    await pages.respond(request(), PAGE, render, headers);
    version = '2';
    await pages.respond(request({}, 'HEAD'), PAGE, render, headers);
    expect(renders).toBe(5);
  });

  test('a page heavier than the budget is served but not kept', async () => {
    const pages = createListingPageCache(answersAt(() => '1'), { maxBytes: 100, now: () => 0 });
    let renders = 0;
    const render = () => (renders++, 'x'.repeat(51));
    for (let i = 0; i < 2; i++) expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('x'.repeat(51));
    expect(renders).toBe(2);
  });
});
