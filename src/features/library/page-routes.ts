import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import { BulkForm, MAX_BULK, ShelfForm, SlugParams, isShelf, type Shelf } from './model.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { signedIn, textOf } from '../../platform/http/sign-in.ts';
import type { PageContext } from '../../platform/http/page-context.ts';
import { ShelfControl } from '../../../views/components/ShelfControl.tsx';
import { LibraryPage } from '../../../views/pages/library/LibraryPage.tsx';
import { LibrarySignedOut } from '../../../views/pages/library/LibrarySignedOut.tsx';
import { RemoveConfirmPage } from '../../../views/pages/library/RemoveConfirmPage.tsx';
import { libraryUrl, type LibraryUrlState } from './paths.ts';
import { booksBySlugs } from '../catalogue/service.ts';
import { LibraryPageQuery, noticeOf, pageStateOf, slugList } from './page-state.ts';
import { UnknownSlugs, libraryOf, removeBook, removeBooks, saveBook, shelfCounts, shelveBooks } from './service.ts';

const PRIVATE = { 'cache-control': 'private, no-cache' };
const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** Plain form posts only (the forms on the pages); JSON clients use /api/library. */
function requireForm({ request }: { request: Request }): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'Send a form');
  }
}

/** An anonymous form post goes to sign-in and comes back to the shelf it came from, or the book. */
const bulkSignIn = signedIn(({ body }) => {
  const shelf = textOf(body, 'return_shelf');
  return libraryUrl({ shelf: isShelf(shelf) ? shelf : null });
});
const shelveSignIn = signedIn(({ params, body }) => safeReturnPath(textOf(body, 'return_to'), `/book/${encodeURIComponent(params.slug ?? '')}`));

/** Adds the result of an action to a /library return path, so the page can say what happened. */
function withResult(returnTo: string, result: LibraryUrlState): string {
  const url = new URL(returnTo, 'http://same.invalid');
  if (url.pathname !== '/library') return returnTo;
  const shelf = url.searchParams.get('shelf');
  return libraryUrl({ shelf: isShelf(shelf) ? shelf : null, select: url.searchParams.get('select') === '1', ...result });
}

async function renderLibrary(db: Db, ctx: PageContext, userId: string, query: typeof LibraryPageQuery.static): Promise<Response> {
  const { shelf, selecting } = pageStateOf(query);
  const [entries, counts] = await Promise.all([libraryOf(db, userId, shelf ?? undefined), shelfCounts(db, userId)]);
  return htmlResponse(LibraryPage({ ctx, shelf, selecting, entries, counts, notice: noticeOf(query, ctx.t) }), 200, PRIVATE);
}

/** /library (the page), the shelf control's form target and the selection form's target. */
export function libraryPageRoutes(db: Db, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'library-pages' })
    .use(auth)
    .get('/library', async ({ request, query, caller }) => {
      const ctx = pageContext(request, env);
      if (!caller.user) return htmlResponse(LibrarySignedOut({ ctx }), 200, PRIVATE);
      return renderLibrary(db, ctx, caller.user.id, query);
    }, { query: LibraryPageQuery, detail: { hide: true } })
    .post('/library/bulk', async ({ request, body, user }) => {
      const returnShelf: Shelf | null = isShelf(body.return_shelf) ? body.return_shelf : null;
      const userId = user.id;
      const back = (state: LibraryUrlState) => see(libraryUrl({ shelf: returnShelf, ...state }));
      const slugs = slugList(body.slugs);
      if (slugs.length === 0) return back({ select: true, error: 'none' });
      if (slugs.length > MAX_BULK) return back({ select: true, error: 'too-many' });
      try {
        if (body.action === 'remove') {
          if (body.confirmed !== '1') {
            const books = await booksBySlugs(db, slugs);
            const ctx = pageContext(request, env);
            return htmlResponse(RemoveConfirmPage({ ctx, books: slugs.flatMap((s) => books.get(s) ?? []), returnShelf, selecting: body.from !== 'menu' }), 200, PRIVATE);
          }
          return back({ done: 'removed', n: await removeBooks(db, userId, slugs) });
        }
        if (body.action === 'move') {
          if (!isShelf(body.shelf)) return back({ select: true, error: 'no-shelf' });
          return back({ done: 'moved', n: await shelveBooks(db, userId, slugs, body.shelf), to: body.shelf });
        }
      } catch (error) {
        if (error instanceof UnknownSlugs) return back({ select: true, error: 'unknown' });
        throw error;
      }
      throw badRequest('action must be move or remove');
    }, { auth: bulkSignIn, beforeHandle: requireForm, body: BulkForm, detail: { hide: true } })
    .post('/library/:slug', async ({ request, params, body, user }) => {
      const { slug } = params;
      const returnTo = safeReturnPath(body.return_to, `/book/${slug}`);
      const choice = body.shelf ?? 'plan_to_read';
      if (choice !== 'remove' && !isShelf(choice)) throw badRequest('shelf must be reading, plan_to_read, completed, dropped or remove');
      let shelf: Shelf | null = null;
      let result: LibraryUrlState;
      if (choice === 'remove') {
        await removeBook(db, user.id, slug);
        result = { done: 'removed', n: 1 };
      } else {
        const saved = await saveBook(db, user.id, slug, choice);
        shelf = saved.shelf;
        result = saved.created ? { done: 'saved', to: shelf } : { done: 'moved', n: 1, to: shelf };
      }
      const next = withResult(returnTo, result);
      if (!wantsHtmx(request)) return see(next);
      const ctx = pageContext(request, env);
      if (next.startsWith('/library')) {
        // On the library page the book may leave the current tab and the counts change: re-render
        // the whole section in place of the control.
        const query = Object.fromEntries(new URL(next, 'http://same.invalid').searchParams);
        const page = await renderLibrary(db, { ...ctx, path: returnTo }, user.id, query);
        page.headers.set('hx-retarget', '#library');
        page.headers.set('hx-reselect', '#library');
        page.headers.set('hx-reswap', 'outerHTML');
        return page;
      }
      const shelfName = ctx.t(`library.shelf.${shelf}`);
      const notice = result.done === 'removed' ? ctx.t('library.removedOne') : ctx.t(result.done === 'saved' ? 'library.savedTo' : 'library.movedTo', { shelf: shelfName });
      return htmlResponse(ShelfControl({ ctx, slug, shelf, signedIn: true, returnTo, notice }), 200, PRIVATE);
    }, { auth: shelveSignIn, beforeHandle: requireForm, params: SlugParams, body: ShelfForm, detail: { hide: true } });
}
