import type { CommentSort } from '../../../src/features/comments/model.ts';

export interface ThreadUrlState {
  sort?: CommentSort;
  after?: string | null;
  focus?: number | null;
}

/** The comments page of a book (chapter null) or chapter; also the address of its htmx fragments. */
export function commentsPath(slug: string, chapter: number | null, state: ThreadUrlState = {}): string {
  const query = new URLSearchParams();
  if (chapter !== null) query.set('chapter', String(chapter));
  if (state.sort === 'new') query.set('sort', 'new');
  if (state.after) query.set('after', state.after);
  if (state.focus) query.set('focus', String(state.focus));
  const search = query.toString();
  return `/book/${encodeURIComponent(slug)}/comments${search ? `?${search}` : ''}`;
}

/** Where the thread is shown: the chapter page or the book page. */
export function threadHomePath(slug: string, chapter: number | null): string {
  return chapter === null ? `/book/${encodeURIComponent(slug)}` : `/book/${encodeURIComponent(slug)}/${chapter}`;
}
