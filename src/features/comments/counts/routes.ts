import { Elysia } from 'elysia';
import type { Db } from '../../../platform/db/index.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { ChapterCommentsLink } from '../../../../views/pages/comments/CommentsLink.tsx';
import { commentErrors } from '../errors.ts';
import { SlugParams } from '../model.ts';
import { inReaderLanguage } from '../page-support.ts';
import { parseChapter } from '../parse.ts';
import { CountQuery, CountsResponse } from './model.ts';
import { commentCounts, threadCount } from './service.ts';

/** Counts are read from rows the database keeps exact: never cached, so a new comment shows at once. */
const FRESH = { 'cache-control': 'no-cache' };

/** Comment counts: JSON for the mobile client, and the end-of-chapter link of the (cached) chapter page. */
export function commentCountRoutes(db: Db, env: PageEnvironment) {
  return new Elysia({ name: 'comments-counts' })
    .get('/api/comments/:slug/counts', async ({ params, set }) => {
      Object.assign(set.headers, FRESH);
      return commentCounts(db, params.slug);
    }, {
      params: SlugParams,
      response: CountsResponse,
      detail: { tags: ['comments'], summary: 'How many comments the book\'s own thread, each chapter and the whole book have (deleted ones not counted, replies counted)' },
    })
    .get('/book/:slug/comments/count', async ({ request, params, query }) => {
      const ctx = pageContext(request, env);
      const { chapter, count } = await inReaderLanguage(ctx.t, async () => {
        const chapter = parseChapter(query.chapter);
        if (chapter === null) throw commentErrors.badChapter();
        return { chapter, count: await threadCount(db, params.slug, chapter) };
      });
      return htmlResponse(ChapterCommentsLink({ ctx, slug: params.slug, chapter, count }), 200, FRESH);
    }, { params: SlugParams, query: CountQuery, detail: { hide: true } });
}
