import type { layoutEn } from './en.ts';

/** The layout phrases in es. */
export const layoutEs: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Sesión iniciada como {username}',
  'layout.profile': 'Tu perfil',
  'layout.player.keys': 'Teclas: con el reproductor abierto, espacio reproduce o pausa desde cualquier parte de la página; en el reproductor, ← y → retroceden y avanzan.',
  'layout.player.sleepLeft': 'Se detiene tras {time} más de escucha',
};
