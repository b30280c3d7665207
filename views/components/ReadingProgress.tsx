import type { PageContext } from '../../src/platform/http/page-context.ts';

export type ReadingProgressProps = {
  ctx: PageContext;
  chapter: number;
  total: number;
  /** How far into the chapter (0–1), so that the bar moves within a chapter too. */
  scroll?: number;
  /**
   * The bar is a progressbar named "Chapter 12 of 30" for assistive technology. False where a link
   * around the cover already says the chapter (the continue-reading cards): it is drawn only.
   */
  announce?: boolean;
};

/** How far through the book: clamped, since a book can lose chapters after a reader passed them. */
export function progressPercent(chapter: number, total: number, scroll = 0): number {
  if (!(total > 0) || !(chapter > 0)) return 0;
  const done = Math.min(total, chapter - 1 + Math.min(1, Math.max(0, scroll)));
  return Math.round((done / total) * 100);
}

/** "Chapter 12 of 30", or "Chapter 12" for a book whose length is unknown. */
export function chapterLabel(ctx: PageContext, chapter: number, total: number): string {
  return total > 0 ? ctx.t('library.chapterOf', { chapter, total }) : ctx.t('library.chapter', { chapter });
}

/**
 * Progress drawn on a cover (inside a `.cover-frame`): a "Ch. 12 / 30" tag in the corner and a bar
 * along the cover's bottom edge, so a shelf shows at a glance how far each book is read.
 */
export function ReadingProgress({ ctx, chapter, total, scroll = 0, announce = true }: ReadingProgressProps): JSX.Element {
  const label = chapterLabel(ctx, chapter, total);
  const short = total > 0 ? ctx.t('shelf.library.chapterShort', { chapter, total }) : ctx.t('shelf.library.chapterShortOpen', { chapter });
  const percent = progressPercent(chapter, total, scroll);
  const bar = announce
    ? { role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(percent), 'aria-valuetext': label, 'aria-label': ctx.t('library.progressLabel') }
    : { 'aria-hidden': 'true' };
  return (
    <>
      <span class="cover-frame__chapter" aria-hidden="true" safe>
        {short}
      </span>
      <span class="cover-frame__bar" {...bar}>
        <span class="cover-frame__fill" style={`width: ${percent}%`}></span>
      </span>
    </>
  );
}
