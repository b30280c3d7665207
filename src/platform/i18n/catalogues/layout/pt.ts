import type { layoutEn } from './en.ts';

/** The layout phrases in pt. */
export const layoutPt: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Conectado como {username}',
  'layout.profile': 'Seu perfil',
  'swap.commentPosted': 'Seu comentário foi publicado.',
  'swap.moreBooks': 'Mais {count} livros abaixo.',
};
