import { pageOfChapter, type ChapterOrder } from '../../../src/features/reader/paging.ts';

/** Paths of the reading pages, built in one place so that views and routes agree. */
export function bookPath(slug: string): string {
  return `/book/${encodeURIComponent(slug)}`;
}

export function chapterPath(slug: string, n: number): string {
  return `${bookPath(slug)}/${n}`;
}

/** The book page showing list page `page` in `order` (the first page oldest first is the plain book path). */
export function chapterListPath(slug: string, page: number, order: ChapterOrder = 'oldest'): string {
  const query = [page > 1 ? `chapters_page=${page}` : '', order === 'newest' ? 'order=newest' : ''].filter(Boolean).join('&');
  return query ? `${bookPath(slug)}?${query}` : bookPath(slug);
}

/** The book page's list at chapter n: its page, scrolled to its entry (newest first needs the list's page count). */
export function chapterInListPath(slug: string, n: number, order: ChapterOrder = 'oldest', pages = 1): string {
  return `${chapterListPath(slug, pageOfChapter(n, order, pages), order)}#chapter-${n}`;
}
