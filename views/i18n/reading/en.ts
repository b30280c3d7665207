/** The reading phrases in en (merged into ../en.ts; same keys in every locale). */
export const readingEn = {
} as const;
