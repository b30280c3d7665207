import { badRequest } from '../../platform/http/errors.ts';
import type { Locale } from '../../platform/i18n/locale.ts';
import { isTranslationLocale } from '../translation/model.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';

/**
 * A narration is stored under its voice, composed: a second voice reading the dialogue is added
 * with `+` (`espeak-en-us+espeak-en-gb`), the language of a translation with `@`
 * (`espeak-fr@fr`, `espeak-fr+espeak-fr-fr@fr`). Jobs, files, keys, timings and the cache listing
 * need no column of their own; neither `+` nor `@` ever occurs in a voice id (VOICE_PATTERN).
 */
export interface Narration {
  voiceId: string;
  /** The voice of the text inside quotation marks; absent: the main voice reads everything. */
  dialogueVoiceId?: string;
  locale: Locale | null;
}

const ID = '[a-z0-9][a-z0-9_.:-]{0,63}'; // VOICE_PATTERN's
/** A stored narration voice as narrationVoice composes it: a voice id, `+` a dialogue voice, `@` a language. */
export const NARRATION_VOICE = new RegExp(`^${ID}(?:\\+${ID})?(?:@[a-z]{2})?$`);

export function narrationVoice(voiceId: string, locale: Locale | null, dialogueVoiceId: string | null = null): string {
  const voices = dialogueVoiceId ? `${voiceId}+${dialogueVoiceId}` : voiceId;
  return locale ? `${voices}@${locale}` : voices;
}

/** The one place a stored narration voice is read back. */
export function parseNarration(stored: string): Narration {
  const at = stored.lastIndexOf('@');
  const locale = at > 0 ? stored.slice(at + 1) : null;
  const voices = isTranslationLocale(locale) ? stored.slice(0, at) : stored;
  const plus = voices.indexOf('+');
  const narration: Narration = { voiceId: plus > 0 ? voices.slice(0, plus) : voices, locale: isTranslationLocale(locale) ? locale : null };
  if (plus > 0) narration.dialogueVoiceId = voices.slice(plus + 1);
  return narration;
}

/** A translation is read by the voice asked for, else by the first voice of its language (400 when no engine speaks it). */
export async function voiceForLanguage(catalog: SpeechCatalog, voiceId: string | undefined, locale: Locale | null): Promise<string | undefined> {
  if (voiceId || !locale) return voiceId;
  const voice = (await catalog.listVoices()).find((v) => v.language.toLowerCase().split('-')[0] === locale);
  if (!voice) throw badRequest(`No voice on this server speaks ${locale}`);
  return voice.id;
}
