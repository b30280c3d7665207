import { describe, expect, test } from 'bun:test';
import { createListingPageCache, listingPageKey, type ListingPage } from '../../src/features/catalogue/page-cache.ts';
import { setViewer, stampRequest } from '../../src/platform/http/request-context.ts';

function request(headers: Record<string, string> = {}, method = 'GET'): Request {
  const r = new Request('http://localhost/browse?sort=title', { method, headers });
  stampRequest(r);
  return r;
}

const PAGE: ListingPage = { path: '/browse?sort=title', part: 'page', stamp: 7 };

describe('rendered listing pages', () => {
  test('the key holds the index stamp, the canonical URL, the part, the look and the viewer', () => {
    const base = listingPageKey(request(), PAGE);
    const variants = [
      listingPageKey(request(), { ...PAGE, stamp: 8 }),
      listingPageKey(request(), { ...PAGE, path: '/browse?sort=new' }),
      listingPageKey(request(), { ...PAGE, part: 'browse-results' }),
      listingPageKey(request({ cookie: 'theme=light' }), PAGE),
      listingPageKey(request({ cookie: 'locale=pt' }), PAGE),
      listingPageKey(request({ 'accept-language': 'fr' }), PAGE),
      listingPageKey(request({ cookie: 'font_family=serif' }), PAGE),
      listingPageKey(request({ cookie: 'font_size=1.25' }), PAGE),
    ];
    for (const viewer of [
      { username: 'alice', role: 'user', avatarUrl: null },
      { username: 'alice', role: 'admin', avatarUrl: null },
      { username: 'alice', role: 'user', avatarUrl: '/avatars/a.webp' },
      { username: 'bob', role: 'user', avatarUrl: null },
    ] as const) {
      const r = request();
      setViewer(r, viewer);
      variants.push(listingPageKey(r, PAGE));
    }
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    // Cookies that do not change the page (the visitor id) do not split the cache.
    expect(listingPageKey(request({ cookie: 'session_id=someone-else-0123456789' }), PAGE)).toBe(base);
  });

  test('kept for the TTL by the injected clock, then rendered again', async () => {
    let clock = 1_000_000;
    const pages = createListingPageCache({ ttlSeconds: 60, now: () => clock });
    let renders = 0;
    const render = () => `<p>${++renders}</p>`;
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>1</p>');
    clock += 59_999;
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>1</p>');
    clock += 1;
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>2</p>');
    expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('<p>2</p>');
  });

  test('a page of a newer index is rendered anew; HEAD is never kept', async () => {
    const pages = createListingPageCache({ now: () => 0 });
    let renders = 0;
    const render = () => `<p>${++renders}</p>`;
    const headers = { vary: 'HX-Request, HX-Target' };
    await pages.respond(request(), PAGE, render, headers);
    const again = await pages.respond(request(), PAGE, render, headers);
    expect(renders).toBe(1);
    expect(again.headers.get('vary')).toBe('HX-Request, HX-Target');
    await pages.respond(request(), { ...PAGE, stamp: 8 }, render, headers);
    expect(renders).toBe(2);
    await pages.respond(request({}, 'HEAD'), { ...PAGE, stamp: 8 }, render, headers);
    expect(renders).toBe(3);
  });

  test('a page heavier than the budget is served but not kept', async () => {
    const pages = createListingPageCache({ maxBytes: 100, now: () => 0 });
    let renders = 0;
    const render = () => (renders++, 'x'.repeat(51));
    for (let i = 0; i < 2; i++) expect(await (await pages.respond(request(), PAGE, render, {})).text()).toBe('x'.repeat(51));
    expect(renders).toBe(2);
  });
});
