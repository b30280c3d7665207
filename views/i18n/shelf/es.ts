import type { shelfEn } from './en.ts';

/** The shelf phrases in es. */
export const shelfEs: Record<keyof typeof shelfEn, string> = {
};
