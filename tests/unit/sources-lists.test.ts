import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { SourceClient } from '../../src/integrations/sources/index.ts';
import { IRON_ARCHIVE, RR_FICTION_ID, RR_SLUG, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { siteClient } from '../support/source-site/test-client.ts';

/** Catalogue and search pages of both adapters: items, real covers (not the placeholder), paging. */
let site: SourceSite;
let client: SourceClient;

beforeAll(async () => {
  site = await startSourceSite();
  ({ client } = siteClient(site));
});
afterAll(() => site.close());
beforeEach(() => site.control.reset());

describe('novelfire', () => {
  test('the catalogue pages through 43 books, 20 a page; covers from data-src, absolute', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => client.catalogue('novelfire', { page })));
    expect(pages.map((p) => [p.items.length, p.hasMore])).toEqual([[20, true], [20, true], [3, false]]);
    expect(pages[0]!.items[0]).toEqual({ url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}`, title: 'The Iron Archive', coverUrl: `${site.novelfireUrl}/static/covers/${IRON_ARCHIVE}.svg` });
    const all = pages.flatMap((p) => p.items);
    expect(new Set(all.map((i) => i.url)).size).toBe(43);
    expect(all.every((i) => i.coverUrl?.startsWith(`${site.novelfireUrl}/static/covers/`))).toBe(true);
    expect(site.control.requests.map((r) => r.path).sort()).toEqual([1, 2, 3].map((n) => `/genre-all/sort-popular/status-all/all-novel?page=${n}`));
  });

  test('genre, sort and status go into the path the site expects', async () => {
    const completed = await client.catalogue('novelfire', { page: 1, genre: 'martial-arts', sort: 'new', status: 'completed' });
    expect(site.control.requests.at(-1)!.path).toBe('/genre-martial-arts/sort-new/status-completed/all-novel?page=1');
    expect(completed.items.map((i) => i.title)).toContain('The Iron Archive');
    expect(completed.items.length).toBeGreaterThan(1);
    expect(completed.items.length).toBeLessThan(20);
  });

  test('search by title, with paging', async () => {
    const found = await client.search('novelfire', 'iron arch', 1);
    expect(found).toEqual({ items: [{ url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}`, title: 'The Iron Archive', coverUrl: `${site.novelfireUrl}/static/covers/${IRON_ARCHIVE}.svg` }], hasMore: false });
    expect(site.control.requests.at(-1)!.path).toBe('/search?keyword=iron%20arch&type=title&page=1');
    const many = await client.search('novelfire', 'filler', 2);
    expect(many).toMatchObject({ hasMore: false });
    expect(many.items).toHaveLength(20);
    expect((await client.search('novelfire', 'nothing like this', 1)).items).toEqual([]);
  });
});

describe('Royal Road', () => {
  test('a list pages through 25 fictions; covers from data-src', async () => {
    const [first, second] = await Promise.all([1, 2].map((page) => client.catalogue('royalroad', { page, sort: 'best-rated' })));
    expect([first!.items.length, first!.hasMore, second!.items.length, second!.hasMore]).toEqual([20, true, 5, false]);
    expect(first!.items[0]).toEqual({ url: `${site.royalroadUrl}/fiction/${RR_FICTION_ID}/${RR_SLUG}`, title: "The Cartographer's War", coverUrl: `${site.royalroadUrl}/static/covers/${RR_SLUG}.svg` });
    expect(site.control.requests.map((r) => r.path).sort()).toEqual(['/rr/fictions/best-rated?page=1', '/rr/fictions/best-rated?page=2']);
  });

  test('search by title', async () => {
    const found = await client.search('royalroad', "cartographer's", 1);
    expect(found.items.map((i) => i.title)).toEqual(["The Cartographer's War"]);
    expect(found.hasMore).toBe(false);
    expect(site.control.requests.at(-1)!.path).toBe(`/rr/fictions/search?title=cartographer%27s&page=1`);
  });
});
