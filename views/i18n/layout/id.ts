import type { layoutEn } from './en.ts';

/** The layout phrases in id. */
export const layoutId: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Masuk sebagai {username}',
  'layout.profile': 'Profil Anda',
  'layout.player.keys': 'Tombol: saat pemutar terbuka, spasi memutar atau menjeda dari mana saja di halaman; di pemutar, ← dan → mundur dan maju.',
  'layout.player.sleepLeft': 'Berhenti setelah {time} lagi mendengarkan',
};
