import type { Shelf } from './model.ts';

/** What the library page's address carries: the tab, selection mode and the result of the last action. */
export interface LibraryUrlState {
  shelf?: Shelf | null;
  select?: boolean;
  done?: 'saved' | 'moved' | 'removed';
  n?: number;
  to?: Shelf;
  error?: 'none' | 'unknown' | 'too-many' | 'no-shelf';
}

/** `/library?shelf=…&select=1&done=…`, leaving out what is unset, in a stable order. */
export function libraryUrl(state: LibraryUrlState = {}): string {
  const params = new URLSearchParams();
  if (state.shelf) params.set('shelf', state.shelf);
  if (state.select) params.set('select', '1');
  if (state.done) params.set('done', state.done);
  if (state.n !== undefined) params.set('n', String(state.n));
  if (state.to) params.set('to', state.to);
  if (state.error) params.set('error', state.error);
  const query = params.toString();
  return query ? `/library?${query}` : '/library';
}
