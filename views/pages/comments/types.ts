import type { Comment, CommentSort, VoteDirection } from '../../../src/features/comments/model.ts';
import type { Viewer } from '../../../src/platform/http/page-context.ts';
import type { ThreadCount } from '../../../src/features/comments/counts/service.ts';

/** Everything a rendered thread (fragment or page) shows. */
export interface ThreadView {
  slug: string;
  chapter: number | null;
  sort: CommentSort;
  /** Top-level comments, each followed by its replies. */
  comments: Comment[];
  /** The thread a notification pointed at, shown first (empty when none). */
  focused: Comment[];
  myVotes: Record<string, VoteDirection>;
  avatarUrls: Record<string, string>;
  hasMore: boolean;
  next: string | null;
  focus: number | null;
  viewer: { id: string; username: string; role: Viewer['role'] } | null;
  /** Where plain (no-JS) forms come back to. */
  returnTo: string;
  /** The full page (no htmx targets that only exist inside a book or chapter page). */
  standalone: boolean;
}

/** Every thread of a book on one page (the comments page without a chapter). */
export interface OverviewView {
  slug: string;
  /** Top-level comments, each followed by its replies, thread by thread (newest chapter first). */
  comments: Comment[];
  myVotes: Record<string, VoteDirection>;
  avatarUrls: Record<string, string>;
  hasMore: boolean;
  next: string | null;
  viewer: ThreadView['viewer'];
  /** The threads that have comments: each group's title and count. */
  threads: ThreadCount[];
  /** The thread the previous page ended in (its heading is not repeated); undefined on the first page. */
  continuing: number | null | undefined;
}

/** A top-level comment with its replies, in the order shown. */
export interface CommentGroup {
  comment: Comment;
  replies: Comment[];
}

export function groupThreads(comments: Comment[]): CommentGroup[] {
  const groups: CommentGroup[] = [];
  for (const comment of comments) {
    const last = groups[groups.length - 1];
    if (comment.parent_id !== null && last && last.comment.id === comment.parent_id) last.replies.push(comment);
    else groups.push({ comment, replies: [] });
  }
  return groups;
}
