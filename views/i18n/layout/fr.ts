import type { layoutEn } from './en.ts';

/** The layout phrases in fr. */
export const layoutFr: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Connecté en tant que {username}',
  'layout.profile': 'Votre profil',
  'layout.player.keys': 'Touches : lecteur ouvert, espace lance ou met en pause depuis toute la page ; dans le lecteur, ← et → reculent et avancent.',
  'layout.player.sleepLeft': 'S’arrête après encore {time} d’écoute',
};
