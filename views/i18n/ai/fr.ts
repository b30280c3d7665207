/** The ai feature's phrases in fr (merged into ../fr.ts; same keys in every locale). */
export const aiFr = {
} as const;
