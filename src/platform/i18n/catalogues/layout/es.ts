import type { layoutEn } from './en.ts';

/** The layout phrases in es. */
export const layoutEs: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Sesión iniciada como {username}',
  'layout.profile': 'Tu perfil',
  'swap.commentPosted': 'Tu comentario está publicado.',
  'swap.moreBooks': '{count} libros más abajo.',
};
