import type { readingEn } from './en.ts';

/** The reading phrases in fr. */
export const readingFr: Record<keyof typeof readingEn, string> = {
};
