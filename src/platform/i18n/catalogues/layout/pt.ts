import type { layoutEn } from './en.ts';

/** The layout phrases in pt. */
export const layoutPt: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Conectado como {username}',
  'layout.profile': 'Seu perfil',
};
