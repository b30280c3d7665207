import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { notFound, unauthorized } from '../../platform/http/errors.ts';
import { booksBySlugs } from '../catalogue/service.ts';
import type { Book } from '../catalogue/model.ts';
import { libraryShelfOf, removeBook, saveBook } from '../library/service.ts';
import { DECK_SIZE, type LastVote, type UndoResult, type VoteAction, type VoteResult } from './model.ts';
import { bookExists, deleteVote, deleteVotes, latestVote, rankDeck, upsertVote } from './queries.ts';
import { deckSeed } from './ranking.ts';

export const SAVE_NEEDS_ACCOUNT = 'Sign in to save books';

/** The next cards for this reader, best first: two queries (ranking, then the books). */
export async function deckFor(db: Db, reader: Reader, limit = DECK_SIZE, pin: string | null = null, now = new Date()): Promise<Book[]> {
  const ranked = await rankDeck(db, reader, deckSeed(reader, now), limit, pin);
  const books = await booksBySlugs(db, ranked.map((r) => r.slug));
  return ranked.flatMap((r) => books.get(r.slug) ?? []);
}

/**
 * Records a swipe. A save needs an account (the library does): 401 for anonymous readers. It puts
 * a book that is not in the library on plan_to_read and leaves a book already on a shelf where it
 * is; the vote remembers whether it added the book, for undo.
 */
export async function castVote(db: Db, reader: Reader, slug: string, action: VoteAction): Promise<VoteResult & { created: boolean }> {
  let shelf: string | null = null;
  let added = false;
  if (action === 'save') {
    if (reader.kind !== 'user') throw unauthorized(SAVE_NEEDS_ACCOUNT);
    const saved = await saveBook(db, reader.userId, slug); // 404 for an unknown book
    shelf = saved.shelf;
    added = saved.created;
  }
  const vote = await upsertVote(db, reader, slug, action, added);
  if (!vote) throw notFound('Book not found');
  return { slug, action, shelf, created: vote.created };
}

/**
 * Undoes one vote. Undoing the save that added the book takes it out of the library again, but
 * only while it still waits on plan_to_read: a book the reader has since started or moved stays.
 */
export async function undoVote(db: Db, reader: Reader, slug: string): Promise<UndoResult> {
  const vote = await deleteVote(db, reader, slug);
  if (!vote) {
    if (!(await bookExists(db, slug))) throw notFound('Book not found');
    return { removed: 0, library_removed: false };
  }
  let libraryRemoved = false;
  if (vote.action === 'save' && vote.saved_to_library && reader.kind === 'user' && (await libraryShelfOf(db, reader.userId, slug)) === 'plan_to_read') {
    await removeBook(db, reader.userId, slug);
    libraryRemoved = true;
  }
  return { removed: 1, library_removed: libraryRemoved };
}

/** Starts the deck over: every vote of this reader goes; the library is left as it is. */
export async function clearVotes(db: Db, reader: Reader): Promise<UndoResult> {
  return { removed: await deleteVotes(db, reader), library_removed: false };
}

export async function lastVoteOf(db: Db, reader: Reader): Promise<LastVote | null> {
  return latestVote(db, reader);
}
