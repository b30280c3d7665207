import type { layoutEn } from './en.ts';

/** The layout phrases in es. */
export const layoutEs: Record<keyof typeof layoutEn, string> = {
};
