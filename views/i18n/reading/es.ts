import type { readingEn } from './en.ts';

/** The reading phrases in es. */
export const readingEs: Record<keyof typeof readingEn, string> = {
};
