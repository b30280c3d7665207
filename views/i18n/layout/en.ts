/** The layout phrases in en (merged into ../en.ts; same keys in every locale). */
export const layoutEn = {
  'layout.signedInAs': 'Signed in as {username}',
  'layout.profile': 'Your profile',
  'layout.player.keys': 'Keys: once the player is open, space plays or pauses from anywhere on the page; in the player, ← and → skip back and forward.',
  'layout.player.sleepLeft': 'Stops after {time} more of listening',
} as const;
