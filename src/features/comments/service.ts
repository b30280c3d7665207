import { CacheUnavailable, type Cache } from '../../platform/cache/port.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Logger } from '../../platform/log.ts';
import type { Role } from '../../platform/db/schema.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import { avatarUrlOf } from '../accounts/users.ts';
import { DELETED_TEXT, PAGE_SIZE, type Comment, type CommentList, type CommentSort } from './model.ts';
import { commentErrors, isForeignKeyViolation } from './errors.ts';
import { formatCursor, normaliseText } from './parse.ts';
import { findBookTitle, findChapterTitle, findComment, insertComment, repliesOf, storeRenderings, topLevelPage, votesOf, type CommentRow, type Cursor } from './queries.ts';
import { COMMENT_RENDER_VERSION, renderComment } from './render.ts';
import { notifyReply } from './notify-reply.ts';

/** A gentle brake on floods: 10 comments a minute per account, shared by every process. */
export const POST_LIMIT = { max: 10, windowSeconds: 60 };

export interface CommentDeps {
  db: Db;
  cache: Cache;
  log: Logger;
}

/** Where a thread lives: the book, and the chapter or null for the book's own comments. */
export interface ThreadTarget {
  slug: string;
  chapter: number | null;
  bookTitle: string;
  chapterTitle: string | null;
}

/** 404 unless the book (and the chapter, when one is named) exists. */
export async function threadTarget(db: Db, slug: string, chapter: number | null): Promise<ThreadTarget> {
  const [bookTitle, chapterTitle] = await Promise.all([findBookTitle(db, slug), chapter === null ? null : findChapterTitle(db, slug, chapter)]);
  if (bookTitle === null) throw commentErrors.bookNotFound();
  if (chapter !== null && chapterTitle === null) throw commentErrors.chapterNotFound();
  return { slug, chapter, bookTitle, chapterTitle };
}

/** Row → the API shape. A deleted comment kept for its replies says nothing and names no one. */
export function toComment(row: CommentRow): Comment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    slug: row.slug,
    chapter: row.chapter,
    parent_id: row.parent_id,
    author: deleted ? { id: null, username: DELETED_TEXT } : { id: row.author_id, username: row.username },
    text: deleted ? DELETED_TEXT : row.text,
    html: deleted ? `<p>${DELETED_TEXT}</p>` : row.html !== null && row.html_version === COMMENT_RENDER_VERSION ? row.html : renderComment(row.text),
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    created: new Date(row.created_at).toISOString(),
    deleted,
  };
}

export interface ListOptions {
  sort: CommentSort;
  after: Cursor | null;
  limit?: number;
  viewerId: string | null;
  /** A comment the page should show first with its whole thread (a notification's link). */
  focus?: number | null;
}

export interface CommentPage extends CommentList {
  /** The focused thread (top-level comment first, then its replies), kept out of `comments`. */
  focused: Comment[];
}

/**
 * A page of top-level comments, each followed by all its replies (oldest first), the viewer's
 * votes and the authors' avatars: four queries whatever the page holds.
 */
export async function listComments(db: Db, target: Pick<ThreadTarget, 'slug' | 'chapter'>, options: ListOptions, baseUrl: string): Promise<CommentPage> {
  const limit = options.limit ?? PAGE_SIZE;
  const focusRoot = await focusedRoot(db, target, options.focus ?? null);
  const page = await topLevelPage(db, { ...target, sort: options.sort, after: options.after, limit, exclude: focusRoot?.id ?? null });
  const hasMore = page.length > limit;
  const tops = [...(focusRoot ? [focusRoot] : []), ...page.slice(0, limit)];
  const { comments, myVotes, avatarUrls } = await threadsOf(db, tops, options.viewerId, baseUrl);
  const last = page[Math.min(page.length, limit) - 1];
  const focusCount = focusRoot ? 1 + comments.filter((c) => c.parent_id === focusRoot.id).length : 0;
  return {
    comments: comments.slice(focusCount),
    focused: comments.slice(0, focusCount),
    myVotes,
    avatarUrls,
    sort: options.sort,
    has_more: hasMore,
    next: hasMore && last ? formatCursor({ hot: last.hot, id: last.id }) : null,
  };
}

/**
 * Top-level comments as shown: each followed by all its replies (oldest first), with the viewer's
 * votes and the authors' avatars. Three queries whatever the number of comments.
 */
export async function threadsOf(db: Db, tops: readonly CommentRow[], viewerId: string | null, baseUrl: string): Promise<Pick<CommentList, 'comments' | 'myVotes' | 'avatarUrls'>> {
  const replies = await repliesOf(db, tops.map((c) => c.id));
  const byParent = Map.groupBy(replies, (r) => r.parent_id!);
  const ordered = tops.flatMap((top) => [top, ...(byParent.get(top.id) ?? [])]);
  const votes = viewerId ? await votesOf(db, viewerId, ordered.map((c) => c.id)) : [];
  const avatarUrls: Record<string, string> = {};
  for (const row of ordered) {
    const url = row.deleted_at === null ? avatarUrlOf({ avatarKey: row.avatar_key, providerAvatarUrl: row.provider_avatar_url }, baseUrl) : null;
    if (url) avatarUrls[row.author_id] = url;
  }
  return {
    comments: await shownComments(db, ordered),
    myVotes: Object.fromEntries(votes.map((v) => [String(v.comment_id), v.direction])),
    avatarUrls,
  };
}

/** True when the stored rendering is missing or was made by an older renderer. */
function renderedBefore(row: CommentRow): boolean {
  return row.deleted_at === null && (row.html === null || row.html_version !== COMMENT_RENDER_VERSION);
}

/**
 * Rows → comments, storing the renderings of rows an older renderer made (toComment renders them
 * again). Storing is an optimisation: when it fails, the next read renders them once more.
 */
export async function shownComments(db: Db, rows: readonly CommentRow[]): Promise<Comment[]> {
  const comments = rows.map(toComment);
  const renderings = rows.flatMap((row, i) => (renderedBefore(row) ? [{ id: row.id, html: comments[i]!.html }] : []));
  await storeRenderings(db, renderings, COMMENT_RENDER_VERSION).catch(() => {});
  return comments;
}

/** The top-level comment of the focused comment's thread, when it belongs to this thread. */
async function focusedRoot(db: Db, target: Pick<ThreadTarget, 'slug' | 'chapter'>, focus: number | null): Promise<CommentRow | null> {
  if (focus === null) return null;
  const row = await findComment(db, focus);
  if (!row || row.slug !== target.slug || row.chapter !== target.chapter) return null;
  return row.parent_id === null ? row : findComment(db, row.parent_id);
}

export interface NewComment {
  slug: string;
  chapter: number | null;
  parentId: number | null;
  text: string;
}

/**
 * Posts a comment or a reply (one level only). The reply's author is told through a
 * notification in their own language; a failure there is logged, never undoes the comment.
 */
export async function createComment(deps: CommentDeps, author: { id: string; username: string; avatarKey: string | null; providerAvatarUrl: string | null }, input: NewComment): Promise<Comment> {
  const { db } = deps;
  const target = await threadTarget(db, input.slug, input.chapter);
  const text = normaliseText(input.text);
  const parent = input.parentId === null ? null : await findComment(db, input.parentId);
  if (input.parentId !== null) {
    if (!parent) throw commentErrors.unknownParent();
    if (parent.slug !== target.slug || parent.chapter !== target.chapter) throw commentErrors.parentElsewhere();
    if (parent.parent_id !== null) throw commentErrors.replyToReply();
    if (parent.deleted_at !== null) throw commentErrors.parentDeleted();
  }
  // A spam brake, not a gate: while the cache that counts is away, comments are not held back.
  await enforceRateLimit(deps.cache, `comment:${author.id}`, POST_LIMIT).catch((error: unknown) => {
    if (!(error instanceof CacheUnavailable)) throw error;
  });
  // Rendered once, here, outside any transaction: reads serve the stored HTML.
  const html = renderComment(text);
  let id: number;
  try {
    id = await insertComment(db, { slug: target.slug, chapter: target.chapter, parent_id: parent?.id ?? null, author_id: author.id, text, html, html_version: COMMENT_RENDER_VERSION });
  } catch (error) {
    // The parent was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw commentErrors.parentDeleted();
    throw error;
  }
  const row = await findComment(db, id);
  if (!row) throw commentErrors.commentNotFound();
  if (parent && parent.author_id !== author.id) {
    await notifyReply(db, { recipientId: parent.author_id, replier: author.username, reply: row }).catch((error) => deps.log.warn('reply notification failed', { error: error as Error, comment: id }));
  }
  return toComment(row);
}

/** One comment as shown (a "[deleted]" one included); 404 when it does not exist. */
export async function commentById(db: Db, id: number): Promise<Comment> {
  const row = await findComment(db, id);
  if (!row) throw commentErrors.commentNotFound();
  return toComment(row);
}

/** The comment this caller is about to delete: 404 when gone, 403 when neither theirs nor an admin's. */
export async function deletableComment(db: Db, caller: { id: string; role: Role }, id: number): Promise<Comment> {
  const row = await findComment(db, id);
  if (!row || row.deleted_at !== null) throw commentErrors.commentNotFound();
  if (row.author_id !== caller.id && caller.role !== 'admin') throw commentErrors.notYours();
  return toComment(row);
}
