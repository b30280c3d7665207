import type { layoutEn } from './en.ts';

/** The layout phrases in id. */
export const layoutId: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Masuk sebagai {username}',
  'layout.profile': 'Profil Anda',
};
