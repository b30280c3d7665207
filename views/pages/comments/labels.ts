import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** "Chapter 12: The Storm", or "Chapter 12" when the chapter has no title (or is gone). */
export function chapterLabel(ctx: PageContext, number: number, title: string | null): string {
  return title ? ctx.t('reading.comments.chapterTitled', { number, title }) : ctx.t('reader.chapterFallback', { number });
}
