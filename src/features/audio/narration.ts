import { badRequest } from '../../platform/http/errors.ts';
import type { Locale } from '../../platform/i18n/locale.ts';
import { isTranslationLocale } from '../translation/model.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';

/**
 * A narration of a chapter's translation is stored like any other, under its voice with the
 * language appended (`espeak-fr@fr`): jobs, files, keys, timings and the cache listing need no
 * column of their own, and `@` never occurs in a voice id.
 */
export function narrationVoice(voiceId: string, locale: Locale | null): string {
  return locale ? `${voiceId}@${locale}` : voiceId;
}

export function parseNarration(stored: string): { voiceId: string; locale: Locale | null } {
  const at = stored.lastIndexOf('@');
  const locale = at > 0 ? stored.slice(at + 1) : null;
  return isTranslationLocale(locale) ? { voiceId: stored.slice(0, at), locale } : { voiceId: stored, locale: null };
}

/** A translation is read by the voice asked for, else by the first voice of its language (400 when no engine speaks it). */
export async function voiceForLanguage(catalog: SpeechCatalog, voiceId: string | undefined, locale: Locale | null): Promise<string | undefined> {
  if (voiceId || !locale) return voiceId;
  const voice = (await catalog.listVoices()).find((v) => v.language.toLowerCase().split('-')[0] === locale);
  if (!voice) throw badRequest(`No voice on this server speaks ${locale}`);
  return voice.id;
}
