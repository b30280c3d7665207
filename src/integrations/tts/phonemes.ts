import type { EngineId } from './port.ts';

/**
 * Engines that read eSpeak phoneme mnemonics written in the text as `[[…]]`: eSpeak NG, whether
 * through the espeak-ng program or its in-process build (mespeak); both are engine `espeak`, and
 * both are given plain text with phoneme input on (its default). Flite and the OpenAI-compatible
 * engine would read the brackets as words.
 */
export const PHONEME_ENGINES: ReadonlySet<EngineId> = new Set<EngineId>(['espeak']);

export function takesPhonemes(engine: EngineId): boolean {
  return PHONEME_ENGINES.has(engine);
}

/** The characters eSpeak's phoneme mnemonics are written with (never `[` or `]`, which delimit them). */
export const PHONEME_MNEMONICS = /^[A-Za-z0-9 ',:@&?!_\-=|^*;#/.<>]*$/;

/**
 * Mnemonics as eSpeak reads them inside a text. The space after `[[` matters: right after a mark
 * ("“[[S'u: tS'IN]]”") eSpeak NG 1.51 and mespeak both drop the first phoneme word, with it they
 * say them all.
 */
export function phonemeInput(mnemonics: string): string {
  return `[[ ${mnemonics}]]`;
}
