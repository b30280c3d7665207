import type { SourceChapterRef } from './types.ts';

/** One page of a paginated chapter list. */
export interface ChapterListPage {
  chapters: SourceChapterRef[];
  /** Page numbers the pagination links to (the last link is not always the last page). */
  pages: number[];
  hasNext: boolean;
}

/** Pages of a chapter list at most (50 rows a page: 100,000 chapters). */
const MAX_PAGES = 2000;

/**
 * A paginated chapter list, followed to the highest page number seen (the last pagination link is
 * not always the last page): each page may reveal higher ones. Stops at a page with no rows and
 * no "next" link.
 */
export async function chapterList(page: (n: number) => Promise<ChapterListPage>): Promise<SourceChapterRef[]> {
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

/** Scheme, `www.`, case, query, fragment and a trailing slash do not make another chapter. */
function normalisedUrl(raw: string): string {
  const url = new URL(raw);
  return `${url.hostname.replace(/^www\./i, '').toLowerCase()}${url.port ? `:${url.port}` : ''}${url.pathname.replace(/\/+$/, '').toLowerCase()}`;
}

/**
 * A chapter listed twice is one: the first listing of a key or of a URL wins. Sorted by the site's
 * order; numbers are the site's own, so a missing chapter stays a gap.
 */
export function dedupeChapters(chapters: readonly SourceChapterRef[]): SourceChapterRef[] {
  const keys = new Set<string>();
  const urls = new Set<string>();
  const out: SourceChapterRef[] = [];
  for (const chapter of chapters) {
    const url = normalisedUrl(chapter.url);
    if (keys.has(chapter.key) || urls.has(url)) continue;
    keys.add(chapter.key);
    urls.add(url);
    out.push(chapter);
  }
  return out.sort((a, b) => a.number - b.number);
}
