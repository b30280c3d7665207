import type { listeningEn } from './en.ts';

/** The player's voice picker and "play from here" in id. */
export const listeningId: Record<keyof typeof listeningEn, string> = {
  'player.voice': 'Suara',
  'player.voice.use': 'Pakai suara ini',
  'player.voice.chosen': 'Sekarang dibacakan oleh {voice}, dari kalimat yang sama.',
  'player.voice.translated': 'Halaman ini terjemahan: dibacakan oleh suara dalam bahasanya, yang dipilihkan untuk Anda.',
  'player.fromHere': 'Putar dari sini',
  'player.fromHere.hint': 'Ketuk sebuah kalimat di bab ini untuk mendengarkan dari situ, atau pilih teks lalu tekan Enter.',
  'audio.notify.doneMany': 'Audio siap: {book}, bab {chapters}',
  'audio.notify.doneManyBody': 'Narasi bab-bab ini siap diputar.',
};
