import type { CallerUser } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { RateLimited } from '../../platform/http/rate-limit.ts';
import type { Translate } from '../../platform/i18n/index.ts';
import type { ItemContext } from '../../../views/pages/comments/CommentItem.tsx';
import type { OverviewView, ThreadView } from '../../../views/pages/comments/types.ts';
import { commentsPath } from './paths.ts';
import { CommentError } from './errors.ts';
import type { CommentSort } from './model.ts';
import type { CommentPage } from './service.ts';
import type { ThreadCount } from './counts/service.ts';
import type { OverviewPage } from './overview/service.ts';
import type { OverviewCursor } from './queries.ts';

export const PRIVATE = { 'cache-control': 'private, no-cache', vary: 'HX-Request, HX-Target' };
export const see = (location: string) => new Response(null, { status: 303, headers: { location } });

export function viewerOf(user: CallerUser): NonNullable<ThreadView['viewer']> {
  return { id: user.id, username: user.username, role: user.role };
}

/** The page forms' own content type; JSON clients use /api/comments. */
export function requireForm({ request }: { request: Request }): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'Send a form');
  }
}

/** Runs a page action; its refusals are worded in the reader's language (the toast shows them). */
export async function inReaderLanguage<T>(t: Translate, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CommentError) throw new AppError(error.status, error.code, t(error.key));
    if (error instanceof RateLimited) {
      error.message = t('comments.error.rateLimited', { seconds: error.retryAfterSeconds });
    }
    throw error;
  }
}

/** The view of a thread for the templates. */
export function threadView(page: CommentPage, target: { slug: string; chapter: number | null }, viewer: ThreadView['viewer'], options: { focus: number | null; standalone: boolean; sort: CommentSort }): ThreadView {
  return {
    ...target,
    sort: options.sort,
    comments: page.comments,
    focused: page.focused,
    myVotes: page.myVotes,
    avatarUrls: page.avatarUrls,
    hasMore: page.has_more,
    next: page.next,
    focus: options.focus,
    viewer,
    returnTo: commentsPath(target.slug, target.chapter, { sort: options.sort }),
    standalone: options.standalone,
  };
}

/** The view of every thread of a book; `after` is where the previous page ended. */
export function overviewView(page: OverviewPage, slug: string, viewer: ThreadView['viewer'], threads: ThreadCount[], after: OverviewCursor | null): OverviewView {
  return {
    slug,
    comments: page.comments,
    myVotes: page.myVotes,
    avatarUrls: page.avatarUrls,
    hasMore: page.has_more,
    next: page.next,
    viewer,
    threads,
    continuing: after === null ? undefined : after.chapter === 0 ? null : after.chapter,
  };
}

/** The context of a comment rendered on its own (a new comment, a vote, a deletion). */
export function itemContext(target: { slug: string; chapter: number | null }, viewer: ThreadView['viewer'], extra: Partial<ItemContext> = {}): ItemContext {
  return { ...target, sort: 'top', focus: null, myVotes: {}, avatarUrls: {}, viewer, returnTo: commentsPath(target.slug, target.chapter), ...extra };
}
