import type { layoutEn } from './en.ts';

/** The layout phrases in pt. */
export const layoutPt: Record<keyof typeof layoutEn, string> = {
  'layout.signedInAs': 'Conectado como {username}',
  'layout.profile': 'Seu perfil',
  'layout.player.keys': 'Teclas: com o leitor aberto, espaço reproduz ou pausa em qualquer ponto da página; no leitor, ← e → recuam e avançam.',
  'layout.player.sleepLeft': 'Para após mais {time} de escuta',
};
