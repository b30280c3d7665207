import { Elysia, t } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { DECK_SIZE, DeckQuery, DeckResponse, UndoBody, UndoQuery, UndoResponse, VoteBody, VoteResponse } from './model.ts';
import { castVote, clearVotes, deckFor, undoVote } from './service.ts';

const tags = ['discovery'];

/** A slug may come in the query or the JSON body; naming two different books is a mistake. */
function slugOf(query: { slug?: string }, body: { slug?: string } | null | undefined): string | null {
  const a = query.slug ?? null;
  const b = body?.slug ?? null;
  if (a && b && a !== b) throw badRequest('slug differs between the query and the body');
  return a ?? b;
}

/** Whether the client sent a body at all (an empty one, Content-Length: 0, counts as none). */
function sentBody(request: Request): boolean {
  return request.body !== null && request.headers.get('content-length') !== '0';
}

/**
 * /api/discover: the swipe deck for the mobile client and the page's script. The reader is the
 * signed-in user or else the anonymous session; only `save` needs an account.
 */
export function discoveryApiRoutes(db: Db, auth: AuthPlugin) {
  return new Elysia({ name: 'discovery-api' })
    .use(auth)
    .get('/api/discover', async ({ query, caller }) => ({ books: await deckFor(db, caller.reader, query.limit ?? DECK_SIZE) }), {
      query: DeckQuery,
      response: DeckResponse,
      detail: { tags, summary: 'Books the reader has not voted on, not in their library and not started; liked genres first (10, limit ≤ 50)' },
    })
    .post('/api/discover/vote', async ({ body, caller, status }) => {
      const vote = await castVote(db, caller.reader, body.slug, body.action);
      return status(vote.created ? 201 : 200, { slug: vote.slug, action: vote.action, shelf: vote.shelf });
    }, {
      body: VoteBody,
      // 401: `save` without an account; 404: the body's slug names no book; 429: the reader-write limit.
      response: { 200: VoteResponse, 201: VoteResponse, ...errorAnswers(401, 404, 429) },
      detail: { tags, summary: 'Record a swipe (201; 200 when it replaces an earlier vote). `save` also saves to plan_to_read (401 anonymous)' },
    })
    .delete('/api/discover/vote', async ({ query, body, caller, request }) => {
      // An optional body that fails to parse arrives as nothing; it must not read as "clear all".
      if (body == null && sentBody(request)) throw badRequest('Invalid JSON body');
      const slug = slugOf(query, body);
      return slug ? undoVote(db, caller.reader, slug) : clearVotes(db, caller.reader);
    }, {
      query: UndoQuery,
      body: t.Optional(UndoBody),
      response: { 200: UndoResponse, ...errorAnswers(404, 429) },
      detail: { tags, summary: 'Undo the vote on `slug` (query or body); without a slug, clear every vote (start over)' },
    });
}
