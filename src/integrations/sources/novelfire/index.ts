import { defineSource } from '../adapter.ts';
import { novelfireCatalogueUrl, novelfireSearchUrl } from './lists.ts';
import { NOVELFIRE_PATHS } from './profile.ts';

/** novelfire, and its mirror novelphoenix (same pages, `/novel/` for `/book/`). */
export const novelfire = defineSource({
  sites: [
    { id: 'novelfire', defaultBaseUrl: 'https://novelfire.net', setting: { env: 'SOURCE_BASE_URL', key: 'novelfireBaseUrl' } },
    { id: 'novelphoenix', defaultBaseUrl: 'https://novelphoenix.com' },
  ],
  bookOf(path, base) {
    const match = NOVELFIRE_PATHS.book.exec(path.pathname);
    if (!match) return null;
    const [section, slug] = [match[1]!.toLowerCase(), match[2]!.toLowerCase()];
    return { sourceSlug: slug, bookUrl: `${base}/${section}/${slug}` };
  },
  notABookPage: 'Not a book or chapter page of this source',
  isChapterPath: (pathname) => /\/chapter-\d+/.test(pathname),
  catalogueUrl: novelfireCatalogueUrl,
  searchUrl: novelfireSearchUrl,
  parser: () => import('./parse.ts').then((m) => m.novelfireParser),
});
