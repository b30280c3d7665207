import type { accountEn } from './en.ts';

/** The account phrases in id. */
export const accountId: Record<keyof typeof accountEn, string> = {
};
