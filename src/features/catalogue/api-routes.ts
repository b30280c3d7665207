import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { Cache } from '../../platform/cache/port.ts';
import { createRenderedPages } from '../../platform/http/rendered-pages.ts';
import { fullBookList } from './full-list.ts';
import { genreName } from '../../../views/i18n/genres/index.ts';
import { BookList, BookPage, BrowseQuery, type Book, GenresQuery, GenresResponse, RankingQuery, SearchQuery, SlugsResponse, RANKING_SIZE, type BrowseQueryInput } from './model.ts';
import type { CatalogueIndexSource, CatalogueSnapshot } from './index/sync.ts';
import { audioSlugs, browse, browseParams, genres, ranking, search, searchQueryText } from './service.ts';
import { searchTerms } from './search-terms.ts';
import { listingJson } from './listing-json.ts';

const tags = ['catalogue'];

/**
 * JSON for the mobile client and scripts: browse, search, rankings, genres, audio slugs (docs/api.md).
 * Browse, search and ranking answers are kept compressed like the pages (60 s, under the stamp of
 * the catalogue index they were made from and the query after defaults and normalisation), so a
 * JSON answer costs what the page with the same books costs, or less; each book's JSON is made
 * once per version of the book (listing-json.ts).
 */
export function catalogueApiRoutes(db: Db, cache: Cache, catalogue: CatalogueIndexSource, auth: AuthPlugin) {
  const answers = createRenderedPages({ cache: 'catalogue_answer', contentType: 'application/json', maxEntries: 8000, maxBytes: 24_000_000, ttlMs: 60_000 });
  // One snapshot of the index per request: its stamp names the answer and the answer is made from it.
  const answer = async (request: Request, key: string, make: (snapshot: CatalogueSnapshot) => { books: readonly Book[] }) => {
    const snapshot = await catalogue.current();
    return answers.respond(request, `${snapshot.stamp}\n${key}`, () => listingJson(make(snapshot)));
  };
  const browseHandler = ({ request, query }: { request: Request; query: BrowseQueryInput }) => {
    const params = browseParams(query);
    const key = ['browse', params.sort, params.genre ?? '', params.status ?? '', params.audio ? 'audio' : '', params.page, params.limit].join('\t');
    return answer(request, key, (snapshot) => browse(snapshot, params));
  };
  return new Elysia({ name: 'catalogue-api' })
    .use(auth)
    .get('/api/browse', browseHandler, {
      query: BrowseQuery,
      response: BookPage,
      detail: { tags, summary: 'A page of the catalogue: filter by genre slug, status and audio; sort; 24 a page (limit ≤ 100)' },
    })
    // The spec's "server-side proxy" for infinite scroll: the same query, the same body, the same code.
    .get('/api/browse-page', browseHandler, {
      query: BrowseQuery,
      response: BookPage,
      detail: { tags, summary: 'Same as /api/browse (the page the web client scrolls through)' },
    })
    .get('/api/books', async () => new Response(await fullBookList(db, cache), { headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } }), {
      response: BookList,
      detail: { tags, summary: 'Every book (the Book shape), by title; refreshed at most every 5 minutes' },
    })
    .get(
      '/api/genres',
      async ({ query }) => {
        const list = genres(await catalogue.current());
        const locale = query.locale;
        return { genres: locale ? list.map((g) => ({ ...g, label: genreName(locale, g.name) })) : [...list] };
      },
      {
        query: GenresQuery,
        response: GenresResponse,
        detail: { tags, summary: 'Every genre with its slug and number of books; with ?locale= also its name in that locale (label)' },
      },
    )
    .get('/api/audio/slugs', async () => ({ slugs: await audioSlugs(db) }), {
      response: SlugsResponse,
      detail: { tags, summary: 'Slugs of the books that have audio' },
    })
    .get(
      '/api/search',
      ({ request, query }) => {
        const q = searchQueryText(query.q);
        const page = query.page ?? 1;
        // The answer depends on the words only (their order is kept: it is returned for highlighting).
        return answer(request, ['search', searchTerms(q).words.join(' '), page].join('\t'), (snapshot) => {
          const { terms: _terms, ...body } = search(snapshot, q, page);
          return body;
        });
      },
      {
        query: SearchQuery,
        response: BookPage,
        detail: { tags, summary: 'Full-text search over title, author and description, tolerant of typos; 24 a page' },
      },
    )
    .get(
      '/api/ranking',
      ({ request, query }) => {
        const by = query.by || 'popular';
        const limit = query.limit ?? RANKING_SIZE;
        return answer(request, ['ranking', by, limit].join('\t'), (snapshot) => ({ books: ranking(snapshot, by, limit).map((entry) => entry.book) }));
      },
      {
        query: RankingQuery,
        response: BookList,
        detail: { tags, summary: 'Top books by readers this week (popular), weighted rating, newest or latest updated' },
      },
    );
}
