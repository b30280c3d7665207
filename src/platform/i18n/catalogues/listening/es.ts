import type { listeningEn } from './en.ts';

/** The player's voice picker and "play from here" in es. */
export const listeningEs: Record<keyof typeof listeningEn, string> = {
  'player.voice': 'Voz',
  'player.voice.use': 'Usar esta voz',
  'player.voice.chosen': 'Ahora lo lee {voice}, desde la misma frase.',
  'player.voice.translated': 'Esta página es una traducción: la lee una voz de su idioma, elegida para ti.',
  'player.fromHere': 'Escuchar desde aquí',
  'player.fromHere.hint': 'Toca una frase del capítulo para escuchar desde ahí, o selecciona texto y pulsa Intro.',
  'audio.notify.doneMany': 'Audio listo: {book}, capítulos {chapters}',
  'audio.notify.doneManyBody': 'La narración de estos capítulos está lista para escuchar.',
};
