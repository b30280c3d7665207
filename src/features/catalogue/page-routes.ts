import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { BrowseFragment, BrowsePage } from '../../../views/pages/catalogue/BrowsePage.tsx';
import { BrowseMore } from '../../../views/pages/catalogue/BrowseResults.tsx';
import { SearchFragment, SearchPage } from '../../../views/pages/catalogue/SearchPage.tsx';
import { RankingFragment, RankingPage } from '../../../views/pages/catalogue/RankingPage.tsx';
import { BrowseQuery, MAX_QUERY_LENGTH, RANKING_SIZE, RankingQuery, SearchQuery, type BookPageBody, type Genre } from './model.ts';
import type { CatalogueAnswers } from './answers.ts';
import { createListingPageCache, genreListStamp, type ListingPageCacheOptions } from './page-cache.ts';
import { browseParams, cachedBrowse, cachedRanking, cachedSearch, genres } from './service.ts';
import { browseUrl, rankingUrl, searchUrl } from '../../../views/pages/catalogue/urls.ts';

/** Fragments differ from the page at the same URL: caches must key on these headers. */
const VARY = { vary: 'HX-Request, HX-Target' };
const SUGGESTED_GENRES = 8;

/**
 * Which part of the page an htmx request wants (its HX-Target), or null for the whole page. A
 * history restore (back button after a cache miss) always gets the whole page.
 */
function fragmentOf(request: Request): string | null {
  const headers = request.headers;
  if (headers.get('hx-request') !== 'true' || headers.get('hx-history-restore-request') === 'true') return null;
  return headers.get('hx-target');
}

/**
 * /browse, /search and /ranking: whole pages without JavaScript, and the htmx fragments of each.
 * Each page is drawn for its canonical URL (the parsed query written back, junk parameters left
 * out), which is also its address in the rendered-page cache (page-cache.ts).
 */
export function cataloguePageRoutes(db: Db, answers: CatalogueAnswers, auth: AuthPlugin, env: PageEnvironment, options: ListingPageCacheOptions = {}) {
  const pages = createListingPageCache(answers, options);
  return new Elysia({ name: 'catalogue-pages' })
    .use(auth)
    .get(
      '/browse',
      async ({ request, query }) => {
        const state = browseParams(query);
        const path = browseUrl(state);
        const fragment = fragmentOf(request);
        if (fragment === 'browse-grid') {
          return pages.respond(request, { path, part: fragment }, async () => BrowseMore({ ctx: here(request, env, path), state, result: await cachedBrowse(db, answers, state) }), VARY);
        }
        const part = fragment === 'browse-results' ? fragment : 'page';
        // The genre list (5 minutes per process, service.ts) is read first: the page is kept under its stamp.
        const genreList = await genres(db);
        return pages.respond(request, { path, part, genres: genreListStamp(genreList) }, async () => {
          const props = { ctx: here(request, env, path), state, genres: genreList, result: await cachedBrowse(db, answers, state) };
          return part === 'page' ? BrowsePage(props) : BrowseFragment(props);
        }, VARY);
      },
      { query: BrowseQuery, detail: { hide: true } },
    )
    .get(
      '/search',
      async ({ request, query }) => {
        // The page never answers 400: an empty box shows the prompt, an over-long query is cut.
        const q = (query.q ?? '').trim().slice(0, MAX_QUERY_LENGTH);
        const page = q ? (query.page ?? 1) : 1;
        const path = q ? searchUrl(q, page) : '/search';
        const part = fragmentOf(request) === 'search-results' ? 'search-results' : 'page';
        // A search that finds nothing suggests genres from the list: its stamp is in every search's key.
        const genreList = await genres(db);
        return pages.respond(request, { path, part, genres: genreListStamp(genreList) }, async () => {
          let result: BookPageBody | null = null;
          let words: string[] = [];
          if (q) ({ terms: { words }, ...result } = await cachedSearch(db, answers, q, page));
          const suggestions = result && result.books.length === 0 ? popularGenres(genreList) : [];
          const props = { ctx: here(request, env, path), q, words, result, suggestions };
          return part === 'page' ? SearchPage(props) : SearchFragment(props);
        }, VARY);
      },
      { query: SearchQuery, detail: { hide: true } },
    )
    .get(
      '/ranking',
      async ({ request, query }) => {
        const by = query.by || 'popular';
        const limit = query.limit ?? RANKING_SIZE;
        const path = limit === RANKING_SIZE ? rankingUrl(by) : `${rankingUrl(by)}${by === 'popular' ? '?' : '&'}limit=${limit}`;
        const part = fragmentOf(request) === 'ranking' ? 'ranking' : 'page';
        return pages.respond(request, { path, part }, async () => {
          const props = { ctx: here(request, env, path), by, books: await cachedRanking(db, answers, by, limit) };
          return part === 'page' ? RankingPage(props) : RankingFragment(props);
        }, VARY);
      },
      { query: RankingQuery, detail: { hide: true } },
    );
}

/** The page's context, drawn for its canonical URL (return-to links) instead of the raw one. */
function here(request: Request, env: PageEnvironment, path: string) {
  return { ...pageContext(request, env), path };
}

/** The genres with the most books, offered when a search finds nothing. */
function popularGenres(list: readonly Genre[]): Genre[] {
  return list.filter((g) => g.count > 0).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, SUGGESTED_GENRES);
}
