import type { Db } from '../../../platform/db/index.ts';
import { commentErrors } from '../errors.ts';
import type { Comment, CommentList } from '../model.ts';
import { overviewPage, type OverviewCursor } from '../queries.ts';
import { threadsOf } from '../service.ts';

/** Top-level comments per page of the overview; each comes with all its replies. */
export const OVERVIEW_PAGE_SIZE = 20;

export interface OverviewPage extends Pick<CommentList, 'myVotes' | 'avatarUrls' | 'has_more' | 'next'> {
  /** Top-level comments, each followed by its replies: the newest chapter's first, the book's own last. */
  comments: Comment[];
}

/** `<chapter>_<id>` (chapter 0: the book's own thread): where the previous page stopped. */
export function formatOverviewCursor(cursor: OverviewCursor): string {
  return `${cursor.chapter}_${cursor.id}`;
}

export function parseOverviewCursor(value: string | undefined): OverviewCursor | null {
  if (value === undefined || value === '') return null;
  const match = /^(0|[1-9][0-9]{0,9})_([1-9][0-9]{0,15})$/.exec(value);
  if (!match || Number(match[1]) > 2147483647) throw commentErrors.badCursor();
  return { chapter: Number(match[1]), id: Number(match[2]) };
}

/**
 * Every comment of a book, thread by thread (the comments page's "All"): four queries a page,
 * whatever it holds. Paged by a keyset on (chapter, id), so a page never repeats or skips a
 * comment while new ones arrive.
 */
export async function bookOverview(db: Db, slug: string, options: { after: OverviewCursor | null; viewerId: string | null; limit?: number }, baseUrl: string): Promise<OverviewPage> {
  const limit = options.limit ?? OVERVIEW_PAGE_SIZE;
  const page = await overviewPage(db, { slug, after: options.after, limit });
  const hasMore = page.length > limit;
  const tops = page.slice(0, limit);
  const { comments, myVotes, avatarUrls } = await threadsOf(db, tops, options.viewerId, baseUrl);
  const last = tops[tops.length - 1];
  return {
    comments,
    myVotes,
    avatarUrls,
    has_more: hasMore,
    next: hasMore && last ? formatOverviewCursor({ chapter: last.chapter ?? 0, id: last.id }) : null,
  };
}
