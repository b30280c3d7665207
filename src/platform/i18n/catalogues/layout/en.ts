/** The layout phrases in en (merged into ../en.ts; same keys in every locale). */
export const layoutEn = {
  'layout.signedInAs': 'Signed in as {username}',
  'layout.profile': 'Your profile',
  'swap.commentPosted': 'Your comment is posted.',
  'swap.moreBooks': '{count} more books below.',
} as const;
