/** The layout phrases in en (merged into ../en.ts; same keys in every locale). */
export const layoutEn = {
} as const;
