/** The billing feature's phrases in pt (merged into ../pt.ts; same keys in every locale). */
export const billingPt = {
} as const;
