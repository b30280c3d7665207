import type { CommentSort } from './model.ts';

export interface ThreadUrlState {
  sort?: CommentSort;
  after?: string | null;
  focus?: number | null;
}

/**
 * What the comments page shows: every thread of the book ('all'), the book's own thread (null) or
 * one chapter's. In the address: no `chapter` (or `chapter=all`), `chapter=book`, `chapter=N`.
 */
export type CommentsFilter = 'all' | number | null;

/** The comments page of a book; also the address of its htmx fragments. */
export function commentsPath(slug: string, filter: CommentsFilter, state: ThreadUrlState = {}): string {
  const query = new URLSearchParams();
  if (filter === null) query.set('chapter', 'book');
  else if (filter !== 'all') query.set('chapter', String(filter));
  if (state.sort === 'new') query.set('sort', 'new');
  if (state.after) query.set('after', state.after);
  if (state.focus) query.set('focus', String(state.focus));
  const search = query.toString();
  return `${commentsActionPath(slug)}${search ? `?${search}` : ''}`;
}

/** Where comment forms post (the thread is named by the form's `chapter` field). */
export function commentsActionPath(slug: string): string {
  return `/book/${encodeURIComponent(slug)}/comments`;
}

/** Where the thread is shown: the chapter page or the book page. */
export function threadHomePath(slug: string, chapter: number | null): string {
  return chapter === null ? `/book/${encodeURIComponent(slug)}` : `/book/${encodeURIComponent(slug)}/${chapter}`;
}
