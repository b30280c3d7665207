import type { shelfEn } from './en.ts';

/** The shelf phrases in id. */
export const shelfId: Record<keyof typeof shelfEn, string> = {
};
