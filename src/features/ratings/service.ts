import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { RATING_MESSAGE, isRating, type RatingSummary } from './model.ts';
import { deleteRating, findMine, findTotals, upsertRating, type TotalsRow } from './queries.ts';
import { bumpCatalogueVersion, type CatalogueAnnouncer } from '../catalogue/version.ts';

/** Rounded like a book's rating_avg (catalogue/service.ts toBook), so both always agree. */
function summaryOf(row: TotalsRow): RatingSummary {
  const { rating_sum: sum, rating_count: count } = row;
  return { average: count > 0 ? Math.round((sum / count) * 100) / 100 : null, count, mine: row.mine ?? null };
}

/** `GET /api/ratings/{slug}`: the community average and the reader's own stars; 404 unknown book. */
export async function ratingOf(db: Db, reader: Reader, slug: string): Promise<RatingSummary> {
  const row = await findTotals(db, reader, slug);
  if (!row) throw notFound('Book not found');
  return summaryOf(row);
}

/** The reader's own stars only, for the book page (its totals come with the book). */
export function myRating(db: Db, reader: Reader, slug: string): Promise<number | null> {
  return findMine(db, reader, slug);
}

/** A book deleted between our check and the insert fails its foreign key: that is a 404 too. */
function isMissingBook(error: unknown): boolean {
  return (error as { code?: unknown })?.code === '23503';
}

/**
 * Sets (or changes) the reader's rating and answers the totals after it. The totals on `books`
 * are moved by the database trigger in the same statement, never computed here.
 */
export async function rateBook(db: Db, cache: CatalogueAnnouncer, reader: Reader, slug: string, rating: unknown): Promise<RatingSummary> {
  if (!isRating(rating)) throw badRequest(RATING_MESSAGE);
  let stored: boolean;
  try {
    stored = await upsertRating(db, reader, slug, rating);
  } catch (error) {
    if (isMissingBook(error)) throw notFound('Book not found');
    throw error;
  }
  if (!stored) throw notFound('Book not found');
  await bumpCatalogueVersion(cache);
  return ratingOf(db, reader, slug);
}

/** Withdraws the reader's rating; idempotent for a known book, 404 for an unknown one. */
export async function withdrawRating(db: Db, cache: CatalogueAnnouncer, reader: Reader, slug: string): Promise<RatingSummary> {
  await deleteRating(db, reader, slug);
  await bumpCatalogueVersion(cache);
  return ratingOf(db, reader, slug);
}
