import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import { credentialUser, type AuthPlugin, type CallerUser } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { linkBase } from '../../platform/http/public-origin.ts';
import { ACQUISITION_TYPE, NAVIGATION_TYPE } from './atom.ts';
import { BASIC_CHALLENGE, appPasswordCaller } from './basic-auth.ts';
import type { FeedContext } from './feeds.ts';
import { GenreParams, PageQuery, SearchQuery, ShelfParams } from './model.ts';
import { OPENSEARCH_MEDIA_TYPE, openSearchDescription } from './opensearch.ts';
import { genreFeed, genresFeed, listFeed, rootFeed, searchFeed, shelfFeed, type ListName } from './service.ts';
import type { CatalogueListings } from '../catalogue/listings.ts';
import { mayExport } from '../billing/gate.ts';
import { policyOf } from '../policy/service.ts';
import { proForSale } from '../policy/defaults.ts';

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
export function opdsRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, listings: CatalogueListings) {
  const catalogue = listings.index;
  const deps = { db: platform.db, clock: platform.clock };
  /** The e-reader's credential (the auth macro's `{ credential }`): an app password over HTTP Basic, else the challenge. */
  const appPassword = async (request: Request): Promise<CallerUser | Response> => {
    const user = await appPasswordCaller(deps, request);
    return user ? credentialUser(user) : challenge();
  };
  const policy = policyOf(platform);
  const sellsPro = proForSale(platform.config.payments);
  const feedOf = async (user: CallerUser): Promise<FeedContext> => ({
    base: linkBase(env.baseUrl),
    epub: { canExport: mayExport(await policy.current(), user.role), proForSale: sellsPro },
  });
  /** Every route: signed in by app password, described under the opds tag. */
  const opdsRoute = (summary: string) => ({ auth: { credential: appPassword }, detail: { tags: ['opds'], summary } });
  const list = (name: ListName) =>
    ({ query, user }: { query: { page?: number }; user: CallerUser }) => feedOf(user).then((feed) => listFeed(platform.db, catalogue, feed, name, query.page ?? 1)).then((body) => xml(body, ACQUISITION_TYPE));
  return new Elysia({ name: 'opds' })
    .use(auth)
    .get('/opds', async ({ user }) => xml(await rootFeed(platform.db, await feedOf(user)), NAVIGATION_TYPE), opdsRoute('OPDS catalogue root (navigation feed)'))
    .get('/opds/opensearch.xml', () => xml(openSearchDescription(linkBase(env.baseUrl)), OPENSEARCH_MEDIA_TYPE), opdsRoute('OpenSearch description of the OPDS search'))
    .get('/opds/new', list('new'), { query: PageQuery, ...opdsRoute('Newest books (acquisition feed)') })
    .get('/opds/updated', list('updated'), { query: PageQuery, ...opdsRoute('Recently updated books (acquisition feed)') })
    .get('/opds/popular', list('popular'), { query: PageQuery, ...opdsRoute('Popular books (acquisition feed)') })
    .get('/opds/genres', async ({ user }) => xml(await genresFeed(platform.db, catalogue, await feedOf(user)), NAVIGATION_TYPE), opdsRoute('Genres (navigation feed)'))
    .get(
      '/opds/genres/:genre',
      async ({ params, query, user }) => xml(await genreFeed(platform.db, catalogue, await feedOf(user), params.genre, query.page ?? 1), ACQUISITION_TYPE),
      { params: GenreParams, query: PageQuery, ...opdsRoute('Books of one genre (acquisition feed)') },
    )
    .get(
      '/opds/shelves/:shelf',
      async ({ params, query, user }) => xml(await shelfFeed(platform.db, await feedOf(user), user.id, params.shelf, query.page ?? 1), ACQUISITION_TYPE),
      { params: ShelfParams, query: PageQuery, ...opdsRoute("A shelf of the reader's library (acquisition feed)") },
    )
    .get('/opds/search', async ({ query, user }) => xml(await searchFeed(platform.db, catalogue, await feedOf(user), query.q, query.page ?? 1), ACQUISITION_TYPE), {
      query: SearchQuery,
      ...opdsRoute('Search results (acquisition feed)'),
    });
}
