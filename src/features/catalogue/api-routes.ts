import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { Cache } from '../../platform/cache/port.ts';
import { fullBookList } from './full-list.ts';
import { genreName } from '../../../views/i18n/genres/index.ts';
import { BookList, BookPage, BrowseQuery, GenresQuery, GenresResponse, RankingQuery, SearchQuery, SlugsResponse, RANKING_SIZE, type BrowseQueryInput } from './model.ts';
import type { CatalogueAnswers } from './answers.ts';
import { audioSlugs, browseParams, cachedBrowse, cachedRanking, cachedSearch, genres, searchQueryText } from './service.ts';

const tags = ['catalogue'];

/** JSON for the mobile client and scripts: browse, search, rankings, genres, audio slugs (docs/api.md). */
export function catalogueApiRoutes(db: Db, cache: Cache, answers: CatalogueAnswers, auth: AuthPlugin) {
  const browseHandler = ({ query }: { query: BrowseQueryInput }) => cachedBrowse(db, answers, browseParams(query));
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
      detail: { tags, summary: 'Every book (the Book shape), by title; refreshed at most every 5 minutes', responses: { 200: { description: '{books: [Book]}' } } },
    })
    .get(
      '/api/genres',
      async ({ query }) => {
        const list = await genres(db);
        const locale = query.locale;
        return { genres: locale ? list.map((g) => ({ ...g, label: genreName(locale, g.name) })) : list };
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
      async ({ query }) => {
        const { terms: _terms, ...body } = await cachedSearch(db, answers, searchQueryText(query.q), query.page ?? 1);
        return body;
      },
      {
        query: SearchQuery,
        response: BookPage,
        detail: { tags, summary: 'Full-text search over title, author and description, tolerant of typos; 24 a page' },
      },
    )
    .get(
      '/api/ranking',
      async ({ query }) => ({ books: (await cachedRanking(db, answers, query.by || 'popular', query.limit ?? RANKING_SIZE)).map((entry) => entry.book) }),
      {
        query: RankingQuery,
        response: BookList,
        detail: { tags, summary: 'Top books by readers this week (popular), weighted rating, newest or latest updated' },
      },
    );
}
