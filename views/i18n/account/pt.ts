import type { accountEn } from './en.ts';

/** The account phrases in pt. */
export const accountPt: Record<keyof typeof accountEn, string> = {
};
