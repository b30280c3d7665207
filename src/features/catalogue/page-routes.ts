import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { KeptParts } from '../../platform/http/kept-drawings.ts';
import type { Rendered } from '../../platform/http/rendered-pages.ts';
import type { PageContext } from '../../platform/http/page-context.ts';
import { BrowseFragment, BrowsePage } from '../../../views/pages/catalogue/BrowsePage.tsx';
import { BrowseMore } from '../../../views/pages/catalogue/BrowseResults.tsx';
import { SearchFragment, SearchPage } from '../../../views/pages/catalogue/SearchPage.tsx';
import { RankingFragment, RankingPage } from '../../../views/pages/catalogue/RankingPage.tsx';
import { BrowseQuery, MAX_QUERY_LENGTH, RANKING_SIZE, RankingQuery, SearchQuery, type BookPageBody, type Genre } from './model.ts';
import type { CatalogueIndexSource } from './index/sync.ts';
import { createListingPageCache, type ListingPageCacheOptions } from './page-cache.ts';
import { browse, browseParams, genres, ranking, search } from './service.ts';
import { browseUrl, rankingUrl, searchUrl } from './paths.ts';

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
 * out), which is also its address in the rendered-page cache (page-cache.ts), with the stamp of
 * the catalogue index it was drawn from.
 */
export function cataloguePageRoutes(catalogue: CatalogueIndexSource, auth: AuthPlugin, env: PageEnvironment, options: ListingPageCacheOptions = {}) {
  const pages = createListingPageCache(options);
  return new Elysia({ name: 'catalogue-pages' })
    .use(auth)
    .get(
      '/browse',
      async ({ request, query }) => {
        const snapshot = await catalogue.current();
        const { stamp } = snapshot;
        const state = browseParams(query);
        const path = browseUrl(state);
        const fragment = fragmentOf(request);
        if (fragment === 'browse-grid') {
          return pages.respond(request, { path, part: fragment, stamp }, () => drawn(request, env, path, (ctx) => BrowseMore({ ctx, state, result: browse(snapshot, state) })), VARY);
        }
        const part = fragment === 'browse-results' ? fragment : 'page';
        return pages.respond(request, { path, part, stamp }, () => {
          const genreList = genres(snapshot);
          const result = browse(snapshot, state);
          return drawn(request, env, path, (ctx) => (part === 'page' ? BrowsePage({ ctx, state, genres: genreList, result }) : BrowseFragment({ ctx, state, genres: genreList, result })));
        }, VARY);
      },
      { query: BrowseQuery, detail: { hide: true } },
    )
    .get(
      '/search',
      async ({ request, query }) => {
        const snapshot = await catalogue.current();
        const { stamp } = snapshot;
        // The page never answers 400: an empty box shows the prompt, an over-long query is cut.
        const q = (query.q ?? '').trim().slice(0, MAX_QUERY_LENGTH);
        const page = q ? (query.page ?? 1) : 1;
        const path = q ? searchUrl(q, page) : '/search';
        const part = fragmentOf(request) === 'search-results' ? 'search-results' : 'page';
        return pages.respond(request, { path, part, stamp }, () => {
          let result: BookPageBody | null = null;
          let words: string[] = [];
          if (q) ({ terms: { words }, ...result } = search(snapshot, q, page));
          // A search that finds nothing suggests genres.
          const suggestions = result && result.books.length === 0 ? popularGenres(genres(snapshot)) : [];
          return drawn(request, env, path, (ctx) => (part === 'page' ? SearchPage({ ctx, q, words, result, suggestions }) : SearchFragment({ ctx, q, words, result, suggestions })));
        }, VARY);
      },
      { query: SearchQuery, detail: { hide: true } },
    )
    .get(
      '/ranking',
      async ({ request, query }) => {
        const snapshot = await catalogue.current();
        const { stamp } = snapshot;
        const by = query.by || 'popular';
        const limit = query.limit ?? RANKING_SIZE;
        const path = limit === RANKING_SIZE ? rankingUrl(by) : `${rankingUrl(by)}${by === 'popular' ? '?' : '&'}limit=${limit}`;
        const part = fragmentOf(request) === 'ranking' ? 'ranking' : 'page';
        return pages.respond(request, { path, part, stamp }, () => {
          const props = { ctx: here(request, env, path), by, books: ranking(snapshot, by, limit) };
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

/** A listing page whose book cards are kept drawn, per book and language (platform/http/kept-drawings.ts). */
function drawn(request: Request, env: PageEnvironment, path: string, draw: (ctx: PageContext) => JSX.Element): Rendered {
  const ctx = here(request, env, path);
  const parts = new KeptParts();
  const page = draw({ ...ctx, keep: (owner, part, drawPart) => parts.keep(owner, `${part}:${ctx.locale}`, drawPart) }) as string;
  return { bytes: parts.bytes(page) };
}

/** The genres with the most books, offered when a search finds nothing. */
function popularGenres(list: readonly Genre[]): Genre[] {
  return list.filter((g) => g.count > 0).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, SUGGESTED_GENRES);
}
