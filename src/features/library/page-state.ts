import { t } from 'elysia';
import { isShelf, type Shelf } from './model.ts';
import type { Translate } from '../../platform/i18n/index.ts';
import type { Notice } from '../../../views/pages/library/types.ts';

/** The page's query is read leniently: an unknown tab shows all books rather than an error page. */
export const LibraryPageQuery = t.Object({
  shelf: t.Optional(t.String({ maxLength: 32 })),
  select: t.Optional(t.String({ maxLength: 8 })),
  done: t.Optional(t.String({ maxLength: 16 })),
  n: t.Optional(t.String({ maxLength: 8 })),
  to: t.Optional(t.String({ maxLength: 32 })),
  error: t.Optional(t.String({ maxLength: 16 })),
});
type PageQuery = typeof LibraryPageQuery.static;

export interface PageState {
  shelf: Shelf | null;
  selecting: boolean;
}

export function pageStateOf(query: PageQuery): PageState {
  return { shelf: isShelf(query.shelf) ? query.shelf : null, selecting: query.select === '1' };
}

/** The result line of the last action, from the address it redirected to (post, redirect, get). */
export function noticeOf(query: PageQuery, tr: Translate): Notice | null {
  const count = Math.max(0, Number.parseInt(query.n ?? '', 10) || 0);
  switch (query.done) {
    case 'saved':
      return isShelf(query.to) ? { level: 'ok', message: tr('library.savedTo', { shelf: tr(`library.shelf.${query.to}`) }) } : null;
    case 'moved':
      return isShelf(query.to) ? { level: 'ok', message: tr('library.movedMany', { count, shelf: tr(`library.shelf.${query.to}`) }) } : null;
    case 'removed':
      return { level: 'ok', message: tr('library.removedMany', { count }) };
  }
  switch (query.error) {
    case 'none':
      return { level: 'error', message: tr('library.error.none') };
    case 'unknown':
      return { level: 'error', message: tr('library.error.unknown') };
    case 'too-many':
      return { level: 'error', message: tr('library.error.tooMany') };
    case 'no-shelf':
      return { level: 'error', message: tr('library.error.noShelf') };
  }
  return null;
}

/** A form sends one checked box as a string and several as an array. */
export function slugList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return [...new Set((Array.isArray(value) ? value : [value]).filter((s) => s !== ''))];
}
