/** The ai feature's phrases in en (merged into ../en.ts; same keys in every locale). */
export const aiEn = {
} as const;
