import type { listeningEn } from './en.ts';

/** The player's voice picker and "play from here" in pt. */
export const listeningPt: Record<keyof typeof listeningEn, string> = {
  'player.voice': 'Voz',
  'player.voice.use': 'Usar esta voz',
  'player.voice.chosen': 'Agora lido por {voice}, a partir da mesma frase.',
  'player.voice.translated': 'Esta página é uma tradução: é lida por uma voz da sua língua, escolhida para si.',
  'player.fromHere': 'Ouvir a partir daqui',
  'player.fromHere.hint': 'Toque numa frase do capítulo para ouvir a partir dela, ou selecione texto e prima Enter.',
  'audio.notify.doneMany': 'Áudio pronto: {book}, capítulos {chapters}',
  'audio.notify.doneManyBody': 'A narração destes capítulos está pronta para ouvir.',
};
