import type { readingEn } from './en.ts';

/** The reading phrases in id. */
export const readingId: Record<keyof typeof readingEn, string> = {
};
