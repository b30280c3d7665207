/** The account phrases in en (merged into ../en.ts; same keys in every locale). */
export const accountEn = {
} as const;
