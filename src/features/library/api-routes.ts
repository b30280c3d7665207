import { Elysia, t } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import { NoContent } from '../../platform/http/api-schemas.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import {
  BulkRemoveBody, BulkShelfBody, LibraryQuery, LibraryResponse, RemovedResponse, SaveBody, ShelfBody, ShelfResponse, SlugParams, UnknownSlugsResponse, UpdatedResponse, type UnknownSlugsBody,
} from './model.ts';
import { UnknownSlugs, libraryOf, moveBook, removeBook, removeBooks, saveBook, shelveBooks } from './service.ts';

const tags = ['library'];

/** The `{ auth: 'user' }` guard has answered 401 already; this narrows the type. */
function userIdOf(caller: Caller): string {
  if (!caller.user) throw unauthorized();
  return caller.user.id;
}

/** A bulk failure names the slugs in `unknown` beside the usual {error, message} (docs/api.md). */
async function orUnknown<T>(work: () => Promise<T>): Promise<T | UnknownSlugsBody> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UnknownSlugs)) throw error;
    return { error: error.code, message: error.message, unknown: error.unknown };
  }
}

const isFailure = (x: object): x is UnknownSlugsBody => 'unknown' in x;

/** /api/library: the signed-in reader's saved books and shelves, for the mobile client and scripts. */
export function libraryApiRoutes(db: Db, auth: AuthPlugin) {
  return new Elysia({ name: 'library-api' })
    .use(auth)
    .get('/api/library', async ({ query, caller }) => ({ books: await libraryOf(db, userIdOf(caller), query.shelf) }), {
      auth: 'user',
      query: LibraryQuery,
      response: LibraryResponse,
      detail: { tags, summary: 'Saved books with shelf and progress, most recently changed first (401 anonymous)' },
    })
    .post('/api/library/bulk-remove', async ({ body, caller, status }) => {
      const result = await orUnknown(async () => ({ removed: await removeBooks(db, userIdOf(caller), body.slugs) }));
      return isFailure(result) ? status(400, result) : result;
    }, {
      auth: 'user',
      body: BulkRemoveBody,
      response: { 200: RemovedResponse, 400: UnknownSlugsResponse },
      detail: { tags, summary: 'Remove 1–500 books at once; any unknown slug fails the whole request (400, `unknown`)' },
    })
    .post('/api/library/bulk-shelf', async ({ body, caller, status }) => {
      const result = await orUnknown(async () => ({ updated: await shelveBooks(db, userIdOf(caller), body.slugs, body.shelf) }));
      return isFailure(result) ? status(400, result) : result;
    }, {
      auth: 'user',
      body: BulkShelfBody,
      response: { 200: UpdatedResponse, 400: UnknownSlugsResponse },
      detail: { tags, summary: 'Move 1–500 saved books to a shelf; a slug not in the library fails the whole request (400, `unknown`)' },
    })
    .post('/api/library/:slug', async ({ params, body, caller, status }) => {
      const saved = await saveBook(db, userIdOf(caller), params.slug, body?.shelf);
      return status(saved.created ? 201 : 200, { slug: saved.slug, shelf: saved.shelf });
    }, {
      auth: 'user',
      params: SlugParams,
      body: t.Optional(SaveBody),
      response: { 200: ShelfResponse, 201: ShelfResponse },
      detail: { tags, summary: 'Save a book (201; 200 when already saved). Default shelf plan_to_read; a shelf moves it' },
    })
    .patch('/api/library/:slug', async ({ params, body, caller }) => moveBook(db, userIdOf(caller), params.slug, body.shelf), {
      auth: 'user',
      params: SlugParams,
      body: ShelfBody,
      response: ShelfResponse,
      detail: { tags, summary: 'Move a saved book to another shelf (404 when not in the library)' },
    })
    .delete('/api/library/:slug', async ({ params, caller }) => {
      await removeBook(db, userIdOf(caller), params.slug);
      return new Response(null, { status: 204 });
    }, {
      auth: 'user',
      params: SlugParams,
      response: { 204: NoContent },
      detail: { tags, summary: 'Remove a book from the library (204, also when it was not there; 404 unknown book)' },
    });
}
