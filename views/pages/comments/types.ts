import type { Comment, CommentSort, VoteDirection } from '../../../src/features/comments/model.ts';
import type { Role } from '../../../src/platform/db/schema.ts';

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
  viewer: { id: string; username: string; role: Role } | null;
  /** Where plain (no-JS) forms come back to. */
  returnTo: string;
  /** The full page (no htmx targets that only exist inside a book or chapter page). */
  standalone: boolean;
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
