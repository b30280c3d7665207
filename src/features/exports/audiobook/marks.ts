import type { ChapterMark } from './types.ts';

/**
 * Chapter marks laid end to end from the chapters' durations (exact ones: frames counted, as
 * mp3Duration or the stored audio's duration give them). Each end is the running total rounded to
 * the millisecond, so rounding never adds up over hundreds of chapters.
 */
export function chapterMarks(chapters: { number: number; title: string; durationSeconds: number }[]): ChapterMark[] {
  let total = 0;
  let startMs = 0;
  return chapters.map(({ number, title, durationSeconds }) => {
    total += durationSeconds;
    const endMs = Math.round(total * 1000);
    const mark = { id: `ch${number}`, title, startMs, endMs };
    startMs = endMs;
    return mark;
  });
}

/**
 * A stored chapter's exact length from its size alone: the narration job stores constant bit
 * rate frames and nothing else (no tag, no Info frame), so bytes × 8 ÷ bit rate is the frames'
 * length to a fraction of a millisecond. The stored duration is not: it ends with the speech and
 * leaves out the encoder's start-up delay and the last frame's padding (50–180 ms a chapter),
 * which over a few chapters would put every mark after them early.
 */
export function cbrSeconds(sizeBytes: number, kbps: number): number {
  return (sizeBytes * 8) / (kbps * 1000);
}
