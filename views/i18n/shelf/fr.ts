import type { shelfEn } from './en.ts';

/** The shelf phrases in fr. */
export const shelfFr: Record<keyof typeof shelfEn, string> = {
};
