/** The covers feature's phrases in en (merged into ../en.ts; same keys in every locale). */
export const coversEn = {
} as const;
