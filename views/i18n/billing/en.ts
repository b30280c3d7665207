/** The billing feature's phrases in en (merged into ../en.ts; same keys in every locale). */
export const billingEn = {
} as const;
