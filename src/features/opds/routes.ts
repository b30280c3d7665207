import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import { credentialUser, type AuthPlugin, type CallerUser } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { linkBase } from '../../platform/http/public-origin.ts';
import { urlOf } from '../../platform/http/request-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ACQUISITION_TYPE, NAVIGATION_TYPE } from './atom.ts';
import { BASIC_CHALLENGE, appPasswordCaller } from './basic-auth.ts';
import { errorFeed, type FeedContext } from './feeds.ts';
import { GenreParams, PageQuery, SearchQuery, ShelfParams, genreOf, pageOf, shelfOf } from './model.ts';
import { OPENSEARCH_MEDIA_TYPE, openSearchDescription } from './opensearch.ts';
import { genreFeed, genresFeed, listFeed, rootFeed, searchFeed, shelfFeed, type ListName } from './service.ts';
import type { CatalogueListings } from '../catalogue/listings.ts';
import { mayExport } from '../billing/gate.ts';
import { policyOf } from '../policy/service.ts';
import { proForSale } from '../policy/defaults.ts';

const xml = (body: string, type: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': `${type};charset=utf-8`, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' } });

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
  const opdsRoute = (summary: string) => ({ auth: { credential: appPassword, scheme: 'basic' as const }, detail: { tags: ['opds'], summary } });
  /** A feed, or the refusal of a bad request (an unknown genre, a bad page, an empty search) as a feed too. */
  const answer = async (request: Request, type: string, make: () => Promise<string>): Promise<Response> => {
    try {
      return xml(await make(), type);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const feed = errorFeed({ base: linkBase(env.baseUrl) }, error.status, error.message, urlOf(request).pathname, platform.clock().toISOString());
      return xml(feed, NAVIGATION_TYPE, error.status);
    }
  };
  const list = (name: ListName) =>
    ({ query, user, request }: { query: { page?: string }; user: CallerUser; request: Request }) =>
      answer(request, ACQUISITION_TYPE, async () => listFeed(platform.db, catalogue, await feedOf(user), name, pageOf(query.page)));
  return new Elysia({ name: 'opds' })
    .use(auth)
    .get('/opds', async ({ user, request }) => answer(request, NAVIGATION_TYPE, async () => rootFeed(platform.db, await feedOf(user))), opdsRoute('OPDS catalogue root (navigation feed)'))
    .get('/opds/opensearch.xml', () => xml(openSearchDescription(linkBase(env.baseUrl)), OPENSEARCH_MEDIA_TYPE), opdsRoute('OpenSearch description of the OPDS search'))
    .get('/opds/new', list('new'), { query: PageQuery, ...opdsRoute('Newest books (acquisition feed)') })
    .get('/opds/updated', list('updated'), { query: PageQuery, ...opdsRoute('Recently updated books (acquisition feed)') })
    .get('/opds/popular', list('popular'), { query: PageQuery, ...opdsRoute('Popular books (acquisition feed)') })
    .get('/opds/genres', async ({ user, request }) => answer(request, NAVIGATION_TYPE, async () => genresFeed(platform.db, catalogue, await feedOf(user))), opdsRoute('Genres (navigation feed)'))
    .get(
      '/opds/genres/:genre',
      async ({ params, query, user, request }) =>
        answer(request, ACQUISITION_TYPE, async () => genreFeed(platform.db, catalogue, await feedOf(user), genreOf(params.genre), pageOf(query.page))),
      { params: GenreParams, query: PageQuery, ...opdsRoute('Books of one genre (acquisition feed)') },
    )
    .get(
      '/opds/shelves/:shelf',
      async ({ params, query, user, request }) =>
        answer(request, ACQUISITION_TYPE, async () => shelfFeed(platform.db, await feedOf(user), user.id, shelfOf(params.shelf), pageOf(query.page))),
      { params: ShelfParams, query: PageQuery, ...opdsRoute("A shelf of the reader's library (acquisition feed)") },
    )
    .get(
      '/opds/search',
      async ({ query, user, request }) => answer(request, ACQUISITION_TYPE, async () => searchFeed(platform.db, catalogue, await feedOf(user), query.q, pageOf(query.page))),
      { query: SearchQuery, ...opdsRoute('Search results (acquisition feed; an empty query is a 400 feed)') },
    );
}
