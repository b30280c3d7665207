import type { layoutEn } from './en.ts';

/** The layout phrases in id. */
export const layoutId: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Masuk sebagai {username}',
  'layout.profile': 'Profil Anda',
  'swap.commentPosted': 'Komentar Anda sudah terkirim.',
  'swap.moreBooks': '{count} buku lagi di bawah.',
};
