import type { listeningEn } from './en.ts';

/** The player's voice picker and "play from here" in fr. */
export const listeningFr: Record<keyof typeof listeningEn, string> = {
  'player.voice': 'Voix',
  'player.voice.use': 'Utiliser cette voix',
  'player.voice.chosen': 'Lu désormais par {voice}, à partir de la même phrase.',
  'player.voice.translated': 'Cette page est une traduction : elle est lue par une voix de sa langue, choisie pour vous.',
  'player.fromHere': 'Écouter à partir d’ici',
  'player.fromHere.hint': 'Touchez une phrase du chapitre pour l’écouter à partir de là, ou sélectionnez du texte et appuyez sur Entrée.',
  'audio.notify.doneMany': 'Audio prêt : {book}, chapitres {chapters}',
  'audio.notify.doneManyBody': 'La narration de ces chapitres est prête à écouter.',
};
