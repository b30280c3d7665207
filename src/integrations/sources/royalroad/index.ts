import { defineSource } from '../adapter.ts';
import { royalroadCatalogueUrl, royalroadSearchUrl } from './lists.ts';
import { ROYALROAD_PATHS } from './profile.ts';

/** Royal Road: fictions keyed by id; chapter ids are unique site-wide. */
export const royalroad = defineSource({
  sites: [{ id: 'royalroad', defaultBaseUrl: 'https://www.royalroad.com', setting: { env: 'SOURCE_ROYALROAD_URL', key: 'royalroadBaseUrl' } }],
  bookOf(path, base) {
    const match = ROYALROAD_PATHS.book.exec(path.pathname);
    if (!match) return null;
    const [id, slug] = [match[1]!, match[2]?.toLowerCase() ?? null];
    return { sourceSlug: id, bookUrl: `${base}/fiction/${id}${slug ? `/${slug}` : ''}` };
  },
  notABookPage: 'Not a Royal Road fiction or chapter page',
  isChapterPath: (pathname) => /\/chapter\//.test(pathname),
  catalogueUrl: royalroadCatalogueUrl,
  searchUrl: royalroadSearchUrl,
  parser: () => import('./parse.ts').then((m) => m.royalroadParser),
});
