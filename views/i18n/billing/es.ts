/** The billing feature's phrases in es (merged into ../es.ts; same keys in every locale). */
export const billingEs = {
} as const;
