import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { CommentsPage } from '../../../views/pages/comments/CommentsPage.tsx';
import { CommentThread, MorePage } from '../../../views/pages/comments/CommentThread.tsx';
import { OverviewItems } from '../../../views/pages/comments/CommentOverview.tsx';
import type { CommentsFilter } from './paths.ts';
import { threadCounts } from './counts/service.ts';
import { PageQuery, SlugParams } from './model.ts';
import { bookOverview, parseOverviewCursor } from './overview/service.ts';
import { PRIVATE, overviewView, threadView, viewerOf } from './page-support.ts';
import { parseChapter, parseCursor, parseOptionalId, parseSort } from './parse.ts';
import { listComments, threadTarget } from './service.ts';

/** Which part of the page an htmx request asks for (its HX-Target); null: the whole page. */
function fragmentOf(request: Request): 'thread' | 'more' | null {
  const h = request.headers;
  if (h.get('hx-request') !== 'true' || h.get('hx-history-restore-request') === 'true') return null;
  const target = h.get('hx-target');
  return target === 'comments-thread' ? 'thread' : target === 'comments-more' ? 'more' : null;
}

/** Pages forgive a bad cursor or focus (the first page, no focus); a bad chapter is a 404 page. */
function lenient<T>(parse: () => T, fallback: T): T {
  try {
    return parse();
  } catch {
    return fallback;
  }
}

/** `?chapter=`: absent, empty or `all` → every thread; `book` → the book's own; a number → that chapter's. */
function parseFilter(value: string | undefined): CommentsFilter | undefined {
  if (value === undefined || value === '' || value === 'all') return 'all';
  if (value === 'book') return null;
  return lenient(() => parseChapter(value) ?? undefined, undefined);
}

/**
 * GET /book/{slug}/comments[?chapter=all|book|N&sort=&after=&focus=]: the comments page, or with
 * htmx the thread (HX-Target comments-thread) or the next page's items (HX-Target comments-more).
 * Without a chapter it shows every thread of the book, chapter by chapter, with a filter.
 */
export function commentsPageRoutes(db: Db, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'comments-pages' })
    .use(auth)
    .get('/book/:slug/comments', async ({ request, params, query, caller }) => {
      const filter = parseFilter(query.chapter);
      if (filter === undefined) throw notFound('Chapter not found');
      const ctx = pageContext(request, env);
      const viewer = caller.user ? viewerOf(caller.user) : null;
      const fragment = fragmentOf(request);

      if (filter === 'all') {
        const after = lenient(() => parseOverviewCursor(query.after), null);
        const target = await threadTarget(db, params.slug, null);
        // Avatars as site paths: pages are same-origin.
        // The counts name and count each thread's heading, and fill the filter.
        const [page, threads] = await Promise.all([bookOverview(db, params.slug, { after, viewerId: viewer?.id ?? null }, ''), threadCounts(db, params.slug)]);
        const view = overviewView(page, params.slug, viewer, threads, after);
        if (fragment === 'more') return htmlResponse(OverviewItems({ ctx, view }), 200, PRIVATE);
        return htmlResponse(CommentsPage({ ctx, bookTitle: target.bookTitle, chapterTitle: null, threads, content: { kind: 'overview', view } }), 200, PRIVATE);
      }

      const chapter = filter;
      const sort = parseSort(query.sort);
      const after = lenient(() => parseCursor(query.after), null);
      const focus = lenient(() => parseOptionalId(query.focus), null);
      const target = await threadTarget(db, params.slug, chapter);
      const [page, threads] = await Promise.all([
        listComments(db, target, { sort, after, viewerId: viewer?.id ?? null, focus }, ''),
        fragment === null ? threadCounts(db, params.slug) : Promise.resolve([]),
      ]);
      // On the comments page itself the sign-in link comes back there, not to the chapter.
      const standalone = fragment === null || lenient(() => new URL(request.headers.get('hx-current-url') ?? '/', 'http://same.invalid').pathname.endsWith('/comments'), false);
      const view = threadView(page, target, viewer, { focus, sort, standalone });
      if (fragment === 'thread') return htmlResponse(CommentThread({ ctx, view }), 200, PRIVATE);
      if (fragment === 'more') return htmlResponse(MorePage({ ctx, view: { ...view, focused: [] } }), 200, PRIVATE);
      return htmlResponse(CommentsPage({ ctx, bookTitle: target.bookTitle, chapterTitle: target.chapterTitle, threads, content: { kind: 'thread', view } }), 200, PRIVATE);
    }, { params: SlugParams, query: PageQuery, detail: { hide: true } });
}
