import type { ChapterTitle } from './model.ts';
import { MAX_CHAPTER } from '../catalogue/model.ts';

/**
 * The book page lists chapters a hundred at a time, by number: page p holds chapters
 * (p-1)*100+1 … p*100. Paging by number rather than by position makes every page one range read
 * of the (book_slug, number) index (no OFFSET walking past 4,900 rows), and lets the reader link
 * back to the page of chapter n without counting anything. A book with gaps in its numbering
 * simply has shorter pages.
 */
export const CHAPTERS_PER_PAGE = 100;
const MAX_PAGE = Math.ceil(MAX_CHAPTER / CHAPTERS_PER_PAGE);

export interface ChapterListPage {
  page: number;
  /** At least 1, so that an empty book still has a (empty) first page. */
  pages: number;
  chapters: ChapterTitle[];
}

export function chapterRange(page: number): { from: number; to: number } {
  return { from: (page - 1) * CHAPTERS_PER_PAGE + 1, to: page * CHAPTERS_PER_PAGE };
}

export function pageCount(lastChapter: number | null): number {
  return Math.max(1, Math.ceil((lastChapter ?? 0) / CHAPTERS_PER_PAGE));
}

export function pageOfChapter(n: number): number {
  return Math.max(1, Math.ceil(n / CHAPTERS_PER_PAGE));
}

/** A page number from the query string; anything that is not one means the first page. */
export function parsePage(value: string | undefined): number {
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
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
