import type { readingEn } from './en.ts';

/** The reading phrases in pt. */
export const readingPt: Record<keyof typeof readingEn, string> = {
};
