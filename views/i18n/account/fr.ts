import type { accountEn } from './en.ts';

/** The account phrases in fr. */
export const accountFr: Record<keyof typeof accountEn, string> = {
};
