import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { BrowseFragment, BrowsePage } from '../../../views/pages/catalogue/BrowsePage.tsx';
import { BrowseMore } from '../../../views/pages/catalogue/BrowseResults.tsx';
import { SearchFragment, SearchPage } from '../../../views/pages/catalogue/SearchPage.tsx';
import { RankingFragment, RankingPage } from '../../../views/pages/catalogue/RankingPage.tsx';
import { BrowseQuery, MAX_QUERY_LENGTH, RankingQuery, SearchQuery, type BookPageBody } from './model.ts';
import type { CatalogueAnswers } from './answers.ts';
import { browseParams, cachedBrowse, cachedRanking, cachedSearch, genres } from './service.ts';

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

/** /browse, /search and /ranking: whole pages without JavaScript, and the htmx fragments of each. */
export function cataloguePageRoutes(db: Db, answers: CatalogueAnswers, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'catalogue-pages' })
    .use(auth)
    .get(
      '/browse',
      async ({ request, query }) => {
        const ctx = pageContext(request, env);
        const state = browseParams(query);
        const fragment = fragmentOf(request);
        if (fragment === 'browse-grid') return htmlResponse(BrowseMore({ ctx, state, result: await cachedBrowse(db, answers, state) }), 200, VARY);
        const [result, genreList] = await Promise.all([cachedBrowse(db, answers, state), genres(db)]);
        const props = { ctx, state, genres: genreList, result };
        return htmlResponse(fragment === 'browse-results' ? BrowseFragment(props) : BrowsePage(props), 200, VARY);
      },
      { query: BrowseQuery, detail: { hide: true } },
    )
    .get(
      '/search',
      async ({ request, query }) => {
        const ctx = pageContext(request, env);
        // The page never answers 400: an empty box shows the prompt, an over-long query is cut.
        const q = (query.q ?? '').trim().slice(0, MAX_QUERY_LENGTH);
        let result: BookPageBody | null = null;
        let words: string[] = [];
        if (q) ({ terms: { words }, ...result } = await cachedSearch(db, answers, q, query.page ?? 1));
        const suggestions = result && result.books.length === 0 ? await popularGenres(db) : [];
        const props = { ctx, q, words, result, suggestions };
        return htmlResponse(fragmentOf(request) === 'search-results' ? SearchFragment(props) : SearchPage(props), 200, VARY);
      },
      { query: SearchQuery, detail: { hide: true } },
    )
    .get(
      '/ranking',
      async ({ request, query }) => {
        const ctx = pageContext(request, env);
        const by = query.by || 'popular';
        const props = { ctx, by, books: await cachedRanking(db, answers, by, query.limit) };
        return htmlResponse(fragmentOf(request) === 'ranking' ? RankingFragment(props) : RankingPage(props), 200, VARY);
      },
      { query: RankingQuery, detail: { hide: true } },
    );
}

/** The genres with the most books, offered when a search finds nothing. */
async function popularGenres(db: Db) {
  const list = await genres(db);
  return list.filter((g) => g.count > 0).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, SUGGESTED_GENRES);
}
