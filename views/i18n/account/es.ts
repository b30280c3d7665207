import type { accountEn } from './en.ts';

/** The account phrases in es. */
export const accountEs: Record<keyof typeof accountEn, string> = {
};
