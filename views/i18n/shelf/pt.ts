import type { shelfEn } from './en.ts';

/** The shelf phrases in pt. */
export const shelfPt: Record<keyof typeof shelfEn, string> = {
};
