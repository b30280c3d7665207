/** The shelf phrases in en (merged into ../en.ts; same keys in every locale). */
export const shelfEn = {
} as const;
