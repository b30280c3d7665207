import type { layoutEn } from './en.ts';

/** The layout phrases in id. */
export const layoutId: Record<keyof typeof layoutEn, string> = {
};
