import type { layoutEn } from './en.ts';

/** The layout phrases in fr. */
export const layoutFr: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Connecté en tant que {username}',
  'layout.profile': 'Votre profil',
  'swap.commentPosted': 'Votre commentaire est publié.',
  'swap.moreBooks': '{count} livres de plus ci-dessous.',
};
