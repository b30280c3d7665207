import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { linkBase } from '../../platform/http/public-origin.ts';
import type { AppPasswordUser } from '../app-passwords/service.ts';
import { ACQUISITION_TYPE, NAVIGATION_TYPE } from './atom.ts';
import { BASIC_CHALLENGE, appPasswordCaller } from './basic-auth.ts';
import type { FeedContext } from './feeds.ts';
import { GenreParams, PageQuery, SearchQuery, ShelfParams } from './model.ts';
import { OPENSEARCH_MEDIA_TYPE, openSearchDescription } from './opensearch.ts';
import { genreFeed, genresFeed, listFeed, rootFeed, searchFeed, shelfFeed, type ListName } from './service.ts';
import type { CatalogueListings } from '../catalogue/listings.ts';

const xml = (body: string, type: string) =>
  new Response(body, { headers: { 'content-type': `${type};charset=utf-8`, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' } });

/** Every /opds request signs in with HTTP Basic and an app password; a browser session does not count. */
function challenge(): Response {
  return new Response('Sign in with your username and an app password (Account → App passwords).\n', {
    status: 401,
    headers: { 'www-authenticate': BASIC_CHALLENGE, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * The OPDS 1.2 catalogue for e-reader apps (docs/opds.md): navigation feeds, acquisition feeds of
 * the catalogue's lists, genres and the reader's shelves, and an OpenSearch search.
 */
export function opdsRoutes(platform: BootedPlatform, env: PageEnvironment, listings: CatalogueListings) {
  const catalogue = listings.index;
  const deps = { db: platform.db, clock: platform.clock };
  const detail = (summary: string) => ({ tags: ['opds'], summary });
  const list = (name: ListName) =>
    ({ query, reader }: { query: { page?: number }; reader: FeedContext }) => listFeed(platform.db, catalogue, reader, name, query.page ?? 1).then((body) => xml(body, ACQUISITION_TYPE));
  return new Elysia({ name: 'opds' })
    .resolve(async ({ request }): Promise<{ opdsUser: AppPasswordUser | null; reader: FeedContext }> => {
      const opdsUser = await appPasswordCaller(deps, request);
      const reader: FeedContext = { base: linkBase(env.baseUrl), role: opdsUser?.role ?? 'user' };
      return { opdsUser, reader };
    })
    .onBeforeHandle(({ opdsUser }) => (opdsUser ? undefined : challenge()))
    .get('/opds', async ({ reader }) => xml(await rootFeed(platform.db, reader), NAVIGATION_TYPE), { detail: detail('OPDS catalogue root (navigation feed)') })
    .get('/opds/opensearch.xml', ({ reader }) => xml(openSearchDescription(reader.base), OPENSEARCH_MEDIA_TYPE), { detail: detail('OpenSearch description of the OPDS search') })
    .get('/opds/new', list('new'), { query: PageQuery, detail: detail('Newest books (acquisition feed)') })
    .get('/opds/updated', list('updated'), { query: PageQuery, detail: detail('Recently updated books (acquisition feed)') })
    .get('/opds/popular', list('popular'), { query: PageQuery, detail: detail('Popular books (acquisition feed)') })
    .get('/opds/genres', async ({ reader }) => xml(await genresFeed(platform.db, catalogue, reader), NAVIGATION_TYPE), { detail: detail('Genres (navigation feed)') })
    .get(
      '/opds/genres/:genre',
      async ({ params, query, reader }) => xml(await genreFeed(platform.db, catalogue, reader, params.genre, query.page ?? 1), ACQUISITION_TYPE),
      { params: GenreParams, query: PageQuery, detail: detail('Books of one genre (acquisition feed)') },
    )
    .get(
      '/opds/shelves/:shelf',
      async ({ params, query, reader, opdsUser }) => xml(await shelfFeed(platform.db, reader, opdsUser!.id, params.shelf, query.page ?? 1), ACQUISITION_TYPE),
      { params: ShelfParams, query: PageQuery, detail: detail("A shelf of the reader's library (acquisition feed)") },
    )
    .get('/opds/search', async ({ query, reader }) => xml(await searchFeed(platform.db, catalogue, reader, query.q, query.page ?? 1), ACQUISITION_TYPE), {
      query: SearchQuery,
      detail: detail('Search results (acquisition feed)'),
    });
}
