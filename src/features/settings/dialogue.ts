import { offeredVoice, primaryLanguage, type SpeechCatalog, type Voice } from '../../integrations/tts/index.ts';
import { badRequest } from '../../platform/http/errors.ts';

/**
 * The dialogue voice setting is kept in the voice column beside the voice it goes with, composed
 * as stored narrations compose it (`espeak-en-us+espeak-en-gb`, audio/narration.ts; `+` never
 * occurs in a voice id): the two are chosen together, move together when an anonymous reader
 * signs in, and need no column of their own. This file is the one place that reads and writes it.
 */
export interface VoiceChoice {
  voice: string | null;
  dialogue_voice: string | null;
}

export function splitStoredVoice(stored: string | null | undefined): VoiceChoice {
  if (!stored) return { voice: null, dialogue_voice: null };
  const plus = stored.indexOf('+');
  return plus > 0 ? { voice: stored.slice(0, plus), dialogue_voice: stored.slice(plus + 1) || null } : { voice: stored, dialogue_voice: null };
}

export function composeStoredVoice(voice: string, dialogueVoice: string | null): string {
  return dialogueVoice && dialogueVoice !== voice ? `${voice}+${dialogueVoice}` : voice;
}

/** The stored dialogue voice while it is still offered and speaks the voice's language; else null (off). */
export async function effectiveDialogueVoice(speech: SpeechCatalog, voice: string, stored: string | null): Promise<string | null> {
  if (!stored || stored === voice) return null;
  const [main, dialogue] = [await offeredVoice(speech, voice), await offeredVoice(speech, stored)];
  return main && dialogue && primaryLanguage(main) === primaryLanguage(dialogue) ? dialogue.id : null;
}

/**
 * The voice column a change writes: undefined when it changes neither voice. A dialogue voice must
 * be offered and speak the language of the voice (the one sent, else the one in effect): 400
 * otherwise. Changing the voice alone keeps the dialogue voice while it still speaks its language.
 */
export async function voiceColumn(
  speech: SpeechCatalog, storedColumn: string | null | undefined, effectiveVoice: string, change: { voice?: string; dialogue_voice?: string | null },
): Promise<string | undefined> {
  if (change.voice === undefined && change.dialogue_voice === undefined) return undefined;
  const stored = splitStoredVoice(storedColumn);
  const voice = change.voice ?? effectiveVoice;
  if (change.dialogue_voice === undefined) {
    return composeStoredVoice(voice, await effectiveDialogueVoice(speech, voice, stored.dialogue_voice));
  }
  await checkDialogueVoice(speech, voice, change.dialogue_voice);
  return composeStoredVoice(voice, change.dialogue_voice);
}

export const DIALOGUE_VOICE_NOT_OFFERED = 'dialogue_voice must be null or one of the voices of GET /api/voices';

async function checkDialogueVoice(speech: SpeechCatalog, voice: string, dialogueVoice: string | null): Promise<void> {
  if (dialogueVoice === null || dialogueVoice === voice) return;
  if (!(await speech.engineOfVoice(dialogueVoice))) throw badRequest(DIALOGUE_VOICE_NOT_OFFERED);
  if (!(await speech.engineOfVoice(voice))) throw badRequest('dialogue_voice needs a voice this server offers');
  // The audio routes' rule (audio/voices/dialogue.ts), in the same words.
  const [main, dialogue] = [await offeredVoice(speech, voice), await offeredVoice(speech, dialogueVoice)];
  if (main && dialogue && primaryLanguage(main) !== primaryLanguage(dialogue)) {
    throw badRequest(`dialogue_voice must speak the language of the voice (${primaryLanguage(main)}): ${dialogueVoice} speaks ${dialogue.language}`);
  }
}

/** The voices that may read a voice's dialogue: the others of its language, in the order of /api/voices. */
export function dialogueVoicesFor(voices: readonly Voice[], voice: string): Voice[] {
  const main = voices.find((v) => v.id === voice);
  if (!main) return [];
  return voices.filter((v) => v.id !== main.id && primaryLanguage(v) === primaryLanguage(main));
}
