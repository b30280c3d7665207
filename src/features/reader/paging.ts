import { MAX_CHAPTER } from '../catalogue/model.ts';

/**
 * The book page lists chapters fifty at a time, by number: block b holds chapters
 * (b-1)*50+1 … b*50. Paging by number rather than by position makes every page one range read
 * of the (book_slug, number) index (no OFFSET walking past 4,900 rows), and lets the reader link
 * back to the page of chapter n without counting anything. A book with gaps in its numbering
 * simply has shorter pages. Oldest first, page p is block p; newest first, page 1 is the last
 * block (listed from its highest number down), so the newest chapters come first.
 */
export const CHAPTERS_PER_PAGE = 50;
const MAX_PAGE = Math.ceil(MAX_CHAPTER / CHAPTERS_PER_PAGE);

export const CHAPTER_ORDERS = ['oldest', 'newest'] as const;
export type ChapterOrder = (typeof CHAPTER_ORDERS)[number];

/** One row of the book page's list: `added` is when the chapter was added (ISO 8601). */
export interface ChapterListEntry {
  number: number;
  title: string;
  added: string;
}

export interface ChapterListPage {
  page: number;
  /** At least 1, so that an empty book still has a (empty) first page. */
  pages: number;
  order: ChapterOrder;
  chapters: ChapterListEntry[];
}

/** The chapter numbers of block b (oldest first, block b is page b). */
export function chapterRange(block: number): { from: number; to: number } {
  return { from: (block - 1) * CHAPTERS_PER_PAGE + 1, to: block * CHAPTERS_PER_PAGE };
}

export function pageCount(lastChapter: number | null): number {
  return Math.max(1, Math.ceil((lastChapter ?? 0) / CHAPTERS_PER_PAGE));
}

/** The block shown on `page` in `order`, for a list of `pages` pages. */
export function blockOfPage(page: number, order: ChapterOrder, pages: number): number {
  return order === 'newest' ? pages - page + 1 : page;
}

/** The list page that holds chapter n (newest first, it depends on how many pages there are). */
export function pageOfChapter(n: number, order: ChapterOrder = 'oldest', pages = 1): number {
  const block = Math.max(1, Math.ceil(n / CHAPTERS_PER_PAGE));
  return order === 'newest' ? Math.max(1, pages - block + 1) : block;
}

/** A page number from the query string; anything that is not one means the first page. */
export function parsePage(value: string | undefined): number {
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

/** The list's order from the query string: only `newest` turns it around. */
export function parseOrder(value: string | undefined): ChapterOrder {
  return value === 'newest' ? 'newest' : 'oldest';
}

/** A chapter number from a path or form; null when it is not a whole number in range. */
export function parseChapterNumber(value: string | undefined): number | null {
  if (!value || !/^\d{1,7}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= MAX_CHAPTER ? n : null;
}

/** A number typed into "go to chapter", clamped into range (the nearest existing chapter is found later); null when it is no number. */
export function jumpTarget(value: string | undefined): number | null {
  const trimmed = value?.trim() ?? '';
  if (!/^[-+]?\d{1,12}$/.test(trimmed)) return null;
  return Math.min(Math.max(Number(trimmed), 1), MAX_CHAPTER);
}

/** The page links to show: the first, the last, and two either side of the current one (null = a gap). */
export function pageWindow(page: number, pages: number, around = 2): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    const near = Math.abs(p - page) <= around;
    if (p === 1 || p === pages || near) shown.push(p);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}
