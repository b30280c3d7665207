import type { SourceChapterRef } from './types.ts';
import type { ListPage } from './novelfire.ts';

/** Pages of a chapter list at most (50 rows a page: 100,000 chapters). */
const MAX_PAGES = 2000;

/**
 * A paginated chapter list, followed to the highest page number seen (the last pagination link is
 * not always the last page): each page may reveal higher ones. Stops at a page with no rows and
 * no "next" link.
 */
export async function chapterList(page: (n: number) => Promise<ListPage>): Promise<SourceChapterRef[]> {
  const chapters: SourceChapterRef[] = [];
  let highest = 1;
  for (let n = 1; n <= Math.min(highest, MAX_PAGES); n++) {
    const result = await page(n);
    chapters.push(...result.chapters);
    highest = Math.max(highest, ...result.pages);
    if (result.hasNext) highest = Math.max(highest, n + 1);
    if (result.chapters.length === 0 && !result.hasNext) break;
  }
  return chapters;
}
