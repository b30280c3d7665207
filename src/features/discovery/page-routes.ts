import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { DeckCards } from '../../../views/pages/discovery/DeckCard.tsx';
import { DiscoverPage } from '../../../views/pages/discovery/DiscoverPage.tsx';
import { CardsQuery, DECK_SIZE, PageQuery, UndoForm, VoteForm, isVoteAction } from './model.ts';
import { castVote, clearVotes, deckFor, lastVoteOf, undoVote } from './service.ts';

const PRIVATE = { 'cache-control': 'private, no-cache' };
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** Plain form posts only; scripts and apps use /api/discover. */
function requireForm({ request }: { request: Request }): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'Send a form');
  }
}

function slugFrom(value: string | undefined): string {
  if (!value || value.length > 200 || !SLUG.test(value)) throw badRequest('slug must be a book slug');
  return value;
}

/** /discover (the deck), /discover/cards (more cards for the script) and the no-JS form targets. */
export function discoveryPageRoutes(db: Db, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'discovery-pages' })
    .use(auth)
    .get('/discover', async ({ request, query, caller }) => {
      // `top`: the book an undo just brought back, shown first again (when it is still unseen).
      const pin = query.top && SLUG.test(query.top) ? query.top : null;
      const [books, last] = await Promise.all([deckFor(db, caller.reader, DECK_SIZE, pin), lastVoteOf(db, caller.reader)]);
      const ctx = pageContext(request, env);
      return htmlResponse(DiscoverPage({ ctx, books, last, signedIn: caller.user !== null }), 200, PRIVATE);
    }, { query: PageQuery, detail: { hide: true } })
    .get('/discover/cards', async ({ request, query, caller }) => {
      const books = await deckFor(db, caller.reader, query.limit ?? DECK_SIZE);
      return htmlResponse(DeckCards({ ctx: pageContext(request, env), books }), 200, PRIVATE);
    }, { query: CardsQuery, detail: { hide: true } })
    .post('/discover/vote', async ({ body, caller }) => {
      const slug = slugFrom(body.slug);
      if (!isVoteAction(body.action)) throw badRequest('action must be like, pass or save');
      // The library needs an account: sign in, then come back to the deck.
      if (body.action === 'save' && !caller.user) return see('/login?return_to=%2Fdiscover');
      await castVote(db, caller.reader, slug, body.action);
      return see('/discover');
    }, { beforeHandle: requireForm, body: VoteForm, detail: { hide: true } })
    .post('/discover/undo', async ({ body, caller }) => {
      const slug = slugFrom(body.slug);
      const { removed } = await undoVote(db, caller.reader, slug);
      return see(removed > 0 ? `/discover?top=${slug}` : '/discover');
    }, { beforeHandle: requireForm, body: UndoForm, detail: { hide: true } })
    .post('/discover/reset', async ({ caller }) => {
      await clearVotes(db, caller.reader);
      return see('/discover');
    }, { beforeHandle: requireForm, detail: { hide: true } });
}
