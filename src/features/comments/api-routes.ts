import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { deleteComment, voteOnComment } from './actions.ts';
import { CreateBody, CreatedResponse, DeleteResponse, IdParams, ListQuery, ListResponse, SlugParams, VoteBody, VoteResponse } from './model.ts';
import { parseChapter, parseCursor, parseSort } from './parse.ts';
import { createComment, listComments, threadTarget, type CommentDeps } from './service.ts';

const tags = ['comments'];

/** /api/comments and /api/comment: threads per book and chapter for the mobile client and scripts. */
export function commentsApiRoutes(deps: CommentDeps, auth: AuthPlugin, baseUrl: string) {
  const { db } = deps;
  return new Elysia({ name: 'comments-api' })
    .use(auth)
    .get('/api/comments/:slug', async ({ params, query, caller }) => {
      const chapter = parseChapter(query.chapter);
      const after = parseCursor(query.after);
      const target = await threadTarget(db, params.slug, chapter);
      const { focused: _, ...page } = await listComments(db, target, { sort: parseSort(query.sort), after, limit: query.limit, viewerId: caller.user?.id ?? null }, baseUrl);
      return page;
    }, {
      params: SlugParams,
      query: ListQuery,
      response: ListResponse,
      detail: { tags, summary: 'A page of top-level comments (20 by default) with all their replies; no chapter = the book\'s own thread' },
    })
    .post('/api/comments/:slug', async ({ params, body, user, status }) => {
      const comment = await createComment(deps, user, { slug: params.slug, chapter: body.chapter ?? null, parentId: body.parent_id ?? null, text: body.text });
      return status(201, { comment });
    }, {
      auth: 'user',
      params: SlugParams,
      body: CreateBody,
      // 429: more than 10 comments a minute from one account.
      response: { 201: CreatedResponse, ...errorAnswers(429) },
      detail: { tags, summary: 'Post a comment or a reply to a top-level comment (a reply to a reply is 400)' },
    })
    .post('/api/comment/:id/vote', ({ params, body, user }) => voteOnComment(db, user.id, Number(params.id), body.direction), {
      auth: 'user',
      params: IdParams,
      body: VoteBody,
      response: VoteResponse,
      detail: { tags, summary: 'Vote up or down, or withdraw the vote with "none"; answers the new totals' },
    })
    .delete('/api/comment/:id', ({ params, user }) => {
      return deleteComment(db, { id: user.id, role: user.role }, Number(params.id));
    }, {
      auth: 'user',
      params: IdParams,
      response: DeleteResponse,
      detail: { tags, summary: 'Delete a comment (its author or an admin); one with replies stays as "[deleted]"' },
    });
}
