import { pageOfChapter } from '../../../src/features/reader/paging.ts';

/** Paths of the reading pages, built in one place so that views and routes agree. */
export function bookPath(slug: string): string {
  return `/book/${encodeURIComponent(slug)}`;
}

export function chapterPath(slug: string, n: number): string {
  return `${bookPath(slug)}/${n}`;
}

/** The book page showing list page `page` (the first page is the plain book path). */
export function chapterListPath(slug: string, page: number): string {
  return page > 1 ? `${bookPath(slug)}?chapters_page=${page}` : bookPath(slug);
}

/** The book page's list at chapter n: its page, scrolled to its entry. */
export function chapterInListPath(slug: string, n: number): string {
  return `${chapterListPath(slug, pageOfChapter(n))}#chapter-${n}`;
}
