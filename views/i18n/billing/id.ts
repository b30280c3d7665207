/** The billing feature's phrases in id (merged into ../id.ts; same keys in every locale). */
export const billingId = {
} as const;
