import type { PageContext } from '../context.ts';

export type ReadingProgressProps = {
  ctx: PageContext;
  chapter: number;
  total: number;
  /** How far into the chapter (0–1), so that the bar moves within a chapter too. */
  scroll?: number;
};

/** How far through the book: clamped, since a book can lose chapters after a reader passed them. */
export function progressPercent(chapter: number, total: number, scroll = 0): number {
  if (!(total > 0) || !(chapter > 0)) return 0;
  const done = Math.min(total, chapter - 1 + Math.min(1, Math.max(0, scroll)));
  return Math.round((done / total) * 100);
}

/** "Chapter 12 of 30" and a bar; the bar is a progressbar named by the same words. */
export function ReadingProgress({ ctx, chapter, total, scroll = 0 }: ReadingProgressProps): JSX.Element {
  const label = total > 0 ? ctx.t('library.chapterOf', { chapter, total }) : ctx.t('library.chapter', { chapter });
  const percent = progressPercent(chapter, total, scroll);
  return (
    <div class="reading-progress">
      <span class="reading-progress__label" safe>
        {label}
      </span>
      <span
        class="reading-progress__bar"
        role="progressbar"
        aria-valuemin="0"
        aria-valuemax="100"
        aria-valuenow={String(percent)}
        aria-valuetext={label}
        aria-label={ctx.t('library.progressLabel')}
      >
        <span class="reading-progress__fill" style={`width: ${percent}%`}></span>
      </span>
    </div>
  );
}
