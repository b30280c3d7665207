import { t } from 'elysia';
import { badRequest } from '../../platform/http/errors.ts';
import { isShelf, type Shelf } from '../library/model.ts';

/**
 * Query and path values of the /opds feeds, taken as text and checked by the routes (parsers
 * below), so that a bad one is answered in the feed's own format rather than the site's error page.
 */
export const PageQuery = t.Object({ page: t.Optional(t.String({ maxLength: 20 })) });
export const SearchQuery = t.Object({ q: t.Optional(t.String()), page: t.Optional(t.String({ maxLength: 20 })) });
export const GenreParams = t.Object({ genre: t.String() });
export const ShelfParams = t.Object({ shelf: t.String() });

/** The catalogue's limits: pages from 1 to 100,000; absent, the first. */
export function pageOf(value: string | undefined): number {
  if (value === undefined) return 1;
  const page = Number(value);
  if (value.trim() === '' || !Number.isInteger(page) || page < 1 || page > 100_000) throw badRequest('page must be a whole number of at least 1');
  return page;
}

export function genreOf(value: string): string {
  if (value.length < 1 || value.length > 100) throw badRequest('genre must be a genre slug');
  return value;
}

export function shelfOf(value: string): Shelf {
  if (!isShelf(value)) throw badRequest('shelf must be one of reading, plan_to_read, completed, dropped');
  return value;
}
