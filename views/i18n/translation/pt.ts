/** The translation feature's phrases in pt (merged into ../pt.ts; same keys in every locale). */
export const translationPt = {
} as const;
