/**
 * What a voice sample says: one short sentence in the voice's own language, so a reader hears how
 * the voice sounds reading the books they would listen to. Languages without a sentence here get
 * the English one.
 */
const SENTENCES: Readonly<Record<string, string>> = {
  en: 'Hello! This is how I sound when I read a chapter to you.',
  pt: 'Olá! É assim que eu soo quando leio um capítulo para você.',
  es: '¡Hola! Así sueno cuando te leo un capítulo.',
  fr: 'Bonjour ! Voici ma voix quand je vous lis un chapitre.',
  id: 'Halo! Beginilah suara saya saat membacakan sebuah bab untukmu.',
};

/** The primary subtag of a BCP 47 tag: `pt-BR` → `pt`, `es-419` → `es`. */
export function languageOf(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

export function sampleSentence(language: string): { text: string; locale: string } {
  const locale = languageOf(language);
  const text = SENTENCES[locale];
  return text ? { text, locale } : { text: SENTENCES.en!, locale: 'en' };
}
