import type { Db } from '../../platform/db/index.ts';
import { DEFAULT_SHELF, SHELVES, type Shelf, type LibraryEntry } from './model.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { booksBySlugs } from '../catalogue/service.ts';
import {
  bookExists, countByShelf, deleteEntries, existingBooks, findShelf, listEntries, savedAmong, updateShelf, upsertEntry, type EntryRow,
} from './queries.ts';

/** A bulk request named books it cannot act on; nothing was changed. The body lists them. */
export class UnknownSlugs extends AppError {
  constructor(readonly unknown: string[], reason: string) {
    super(400, 'invalid_request', `${reason}: ${unknown.join(', ')}`);
  }
}

export type ShelfCounts = Record<Shelf | 'all', number>;

/** The shelf a signed-in reader keeps this book on, or null when it is not in their library. */
export async function libraryShelfOf(db: Db, userId: string, slug: string): Promise<Shelf | null> {
  return findShelf(db, userId, slug);
}

function progressOf(row: EntryRow): LibraryEntry['progress'] {
  if (row.p_chapter === null || row.p_updated_at === null) return null;
  return {
    slug: row.slug, chapter: row.p_chapter, scroll: row.p_scroll ?? 0, audio_time: row.p_audio_time ?? 0, updated: new Date(row.p_updated_at).toISOString(),
    furthest_chapter: row.p_furthest_chapter ?? row.p_chapter, furthest_scroll: row.p_furthest_scroll ?? row.p_scroll ?? 0,
  };
}

/** Saved books with the reader's progress, most recently changed first: two queries in all. */
export async function libraryOf(db: Db, userId: string, shelf?: Shelf): Promise<LibraryEntry[]> {
  const rows = await listEntries(db, userId, shelf);
  const books = await booksBySlugs(db, rows.map((r) => r.slug));
  return rows.flatMap((row) => {
    const book = books.get(row.slug);
    return book ? [{ book, shelf: row.shelf, progress: progressOf(row) }] : [];
  });
}

export async function shelfCounts(db: Db, userId: string): Promise<ShelfCounts> {
  const counts = await countByShelf(db, userId);
  const byShelf = Object.fromEntries(SHELVES.map((s) => [s, counts.get(s) ?? 0])) as Record<Shelf, number>;
  return { all: SHELVES.reduce((sum, s) => sum + byShelf[s], 0), ...byShelf };
}

/** Saves a book (default shelf plan_to_read); saving again with a shelf moves it there. */
export async function saveBook(db: Db, userId: string, slug: string, shelf?: Shelf): Promise<{ slug: string; shelf: Shelf; created: boolean }> {
  if (!(await bookExists(db, slug))) throw notFound('Book not found');
  const saved = await upsertEntry(db, userId, slug, shelf ?? null, DEFAULT_SHELF);
  return { slug, ...saved };
}

/** Moves a saved book to another shelf; a book not in the library is 404 (save it first). */
export async function moveBook(db: Db, userId: string, slug: string, shelf: Shelf): Promise<{ slug: string; shelf: Shelf }> {
  const moved = await updateShelf(db, userId, [slug], shelf);
  if (moved === 0) throw notFound((await bookExists(db, slug)) ? 'This book is not in your library' : 'Book not found');
  return { slug, shelf };
}

/** Idempotent for a known book; an unknown book is 404. */
export async function removeBook(db: Db, userId: string, slug: string): Promise<void> {
  const removed = await deleteEntries(db, userId, [slug]);
  if (removed === 0 && !(await bookExists(db, slug))) throw notFound('Book not found');
}

/**
 * Removes several books at once, or none: a slug that is not a book fails the whole request.
 * A book that is already out of the library counts as done (like DELETE), not as an error.
 */
export async function removeBooks(db: Db, userId: string, slugs: readonly string[]): Promise<number> {
  const wanted = [...new Set(slugs)];
  return db.transaction().execute(async (trx) => {
    const books = await existingBooks(trx, wanted);
    const unknown = wanted.filter((s) => !books.has(s));
    if (unknown.length > 0) throw new UnknownSlugs(unknown, 'Not books of this catalogue; nothing was removed');
    return deleteEntries(trx, userId, wanted);
  });
}

/**
 * Moves several saved books to one shelf, or none: every slug must be in the reader's library
 * (as with PATCH). The rows are locked while checked, so a concurrent removal cannot slip between
 * the check and the update; a mismatch rolls the transaction back.
 */
export async function shelveBooks(db: Db, userId: string, slugs: readonly string[], shelf: Shelf): Promise<number> {
  const wanted = [...new Set(slugs)];
  return db.transaction().execute(async (trx) => {
    const saved = await savedAmong(trx, userId, wanted);
    const unknown = wanted.filter((s) => !saved.has(s));
    if (unknown.length > 0) throw new UnknownSlugs(unknown, 'Not in your library; nothing was changed');
    const updated = await updateShelf(trx, userId, wanted, shelf);
    if (updated !== wanted.length) throw new UnknownSlugs(wanted, 'Your library changed meanwhile; nothing was changed');
    return updated;
  });
}

/**
 * Called when a signed-in reader records progress: a book waiting on "plan to read" moves to
 * "reading". Other shelves are the reader's own choice and stay. Returns whether it moved.
 */
export async function markStartedReading(db: Db, userId: string, slug: string): Promise<boolean> {
  return (await updateShelf(db, userId, [slug], 'reading', 'plan_to_read')) > 0;
}
