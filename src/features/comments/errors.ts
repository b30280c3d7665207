import { AppError } from '../../platform/http/errors.ts';
import type { MessageKey } from '../../platform/i18n/index.ts';

/**
 * A refusal the reader can act on. The English message is the API's (docs/api.md); the page
 * routes show `key` in the reader's language instead (a toast under htmx).
 */
export class CommentError extends AppError {
  constructor(status: number, readonly key: MessageKey, message: string) {
    super(status, status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'invalid_request', message);
  }
}

export const commentErrors = {
  bookNotFound: () => new CommentError(404, 'comments.error.bookNotFound', 'Book not found'),
  chapterNotFound: () => new CommentError(404, 'comments.error.chapterNotFound', 'Chapter not found'),
  commentNotFound: () => new CommentError(404, 'comments.error.commentNotFound', 'Comment not found'),
  empty: () => new CommentError(400, 'comments.error.empty', 'text must not be empty'),
  tooLong: () => new CommentError(400, 'comments.error.tooLong', 'text must be at most 10,000 characters'),
  badChapter: () => new CommentError(400, 'comments.error.badRequest', 'chapter must be a chapter number (a whole number of at least 1)'),
  badCursor: () => new CommentError(400, 'comments.error.badRequest', 'after must be the `next` value of the previous page'),
  unknownParent: () => new CommentError(400, 'comments.error.unknownParent', 'parent_id does not name a comment'),
  parentElsewhere: () => new CommentError(400, 'comments.error.parentElsewhere', 'parent_id is a comment on another book or chapter'),
  replyToReply: () => new CommentError(400, 'comments.error.replyToReply', 'Replies cannot be replied to: reply to the top-level comment'),
  parentDeleted: () => new CommentError(400, 'comments.error.parentDeleted', 'That comment was deleted and cannot be replied to'),
  voteDeleted: () => new CommentError(400, 'comments.error.voteDeleted', 'That comment was deleted and cannot be voted on'),
  notYours: () => new CommentError(403, 'comments.error.notYours', 'You can only delete your own comments'),
};

/** PostgreSQL foreign_key_violation: the comment referred to was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}
