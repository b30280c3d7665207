/** The player's voice picker and "play from here" in en (merged into ../en.ts; same keys in every locale). */
export const listeningEn = {
  'player.voice': 'Voice',
  'player.voice.use': 'Use this voice',
  'player.voice.chosen': 'Now reading with {voice}, from the same sentence.',
  'player.voice.translated': 'This page is a translation: it is read by a voice of its language, chosen for you.',
  'player.fromHere': 'Play from here',
  'player.fromHere.hint': 'Tap a sentence of the chapter to listen from there, or select some text and press Enter.',
  'audio.notify.doneMany': 'Audio ready: {book}, chapters {chapters}',
  'audio.notify.doneManyBody': 'The narration of these chapters is ready to play.',
} as const;
