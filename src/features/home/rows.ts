import type { Db } from '../../platform/db/index.ts';
import type { Book } from '../catalogue/model.ts';
import { homeRowBooks, type HomeRowKind } from '../catalogue/service.ts';

/** Books per home row. */
export const ROW_SIZE = 12;

export interface HomeRow {
  kind: HomeRowKind;
  books: Book[];
}

export interface RowCandidates {
  newest: readonly Book[];
  /** Books with readers this week; empty when nobody read anything. */
  popular: readonly Book[];
  /** Books whose weighted rating is above 3 stars. */
  topRated: readonly Book[];
  /** Last changed first: stands in for "Popular this week" when that row is empty. */
  updated: readonly Book[];
}

const sameOrder = (a: readonly Book[], b: readonly Book[]) => a.length === b.length && a.every((book, i) => book.slug === b[i]!.slug);

/**
 * Which rows the home page shows, in order. "New" always (its empty state speaks for an empty
 * catalogue); "Popular this week", or "Recently updated" when nobody read anything this week;
 * "Top rated" when readers rated something well. A row with no books is left out, and so is a
 * row listing exactly the books of an earlier row in the same order: a visitor never scrolls
 * past the same row twice under another heading.
 */
export function pickRows(candidates: RowCandidates): HomeRow[] {
  const wanted: HomeRow[] = [
    { kind: 'new', books: [...candidates.newest] },
    candidates.popular.length > 0 ? { kind: 'popular', books: [...candidates.popular] } : { kind: 'updated', books: [...candidates.updated] },
    { kind: 'top_rated', books: [...candidates.topRated] },
  ];
  const rows: HomeRow[] = [];
  for (const row of wanted) {
    if (rows.length > 0 && row.books.length === 0) continue;
    if (rows.some((shown) => sameOrder(shown.books, row.books))) continue;
    rows.push(row);
  }
  return rows;
}

/** One query per row; the "Recently updated" stand-in only when the popular row is empty. */
export async function homeRows(db: Db, size = ROW_SIZE): Promise<HomeRow[]> {
  const [newest, popular, topRated] = await Promise.all([
    homeRowBooks(db, 'new', size),
    homeRowBooks(db, 'popular', size),
    homeRowBooks(db, 'top_rated', size),
  ]);
  const updated = popular.length === 0 ? await homeRowBooks(db, 'updated', size) : [];
  return pickRows({ newest, popular, topRated, updated });
}
