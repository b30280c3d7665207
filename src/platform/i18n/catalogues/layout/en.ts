/** The layout phrases in en (merged into ../en.ts; same keys in every locale). */
export const layoutEn = {
  'layout.signedInAs': 'Signed in as {username}',
  'layout.profile': 'Your profile',
} as const;
