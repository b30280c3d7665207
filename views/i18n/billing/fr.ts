/** The billing feature's phrases in fr (merged into ../fr.ts; same keys in every locale). */
export const billingFr = {
} as const;
