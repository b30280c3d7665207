import type { Cache } from '../../platform/cache/port.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Book } from './model.ts';
import { countCacheLookup } from '../../platform/http/metrics/registry.ts';
import { allBooks } from './queries.ts';
import { toBook } from './service.ts';

/** interface.md "Cache lifetime": the full book list, 5 minutes (a new book shows within that). */
export const FULL_LIST_TTL_SECONDS = 300;
const KEY = 'catalogue:all-books';

/** The whole catalogue as JSON text, built at most once per 5 minutes across processes. */
export async function fullBookList(db: Db, cache: Cache): Promise<string> {
  const cached = await cache.get(KEY);
  countCacheLookup('book_list', Boolean(cached));
  if (cached) return cached;
  const books: Book[] = (await allBooks(db)).map(toBook);
  const body = JSON.stringify({ books });
  await cache.set(KEY, body, FULL_LIST_TTL_SECONDS);
  return body;
}
