import { primaryLanguage, type SpeechCatalog, type Voice } from '../../../integrations/tts/index.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { resolveVoice, type ResolvedVoice } from './service.ts';

export { primaryLanguage };

/**
 * The voice that reads a narration's dialogue (the listener's `dialogue_voice`): an offered voice
 * of the main voice's language, of any engine (integrations/tts/dialogue.ts joins their audio).
 * None asked for, or the main voice itself, is null: one voice reads everything. Anything else is
 * 400 naming the voice.
 */
export async function resolveDialogueVoice(catalog: SpeechCatalog, main: Voice, dialogueVoiceId: string | null | undefined): Promise<ResolvedVoice | null> {
  if (!dialogueVoiceId || dialogueVoiceId === main.id) return null;
  if (!(await catalog.engineOfVoice(dialogueVoiceId))) throw badRequest(`dialogue_voice: unknown voice ${dialogueVoiceId} (GET /api/voices lists the voices)`);
  const dialogue = await resolveVoice(catalog, dialogueVoiceId);
  if (primaryLanguage(dialogue.voice) !== primaryLanguage(main)) {
    throw badRequest(`dialogue_voice must speak the language of the voice (${primaryLanguage(main)}): ${dialogueVoiceId} speaks ${dialogue.voice.language}`);
  }
  return dialogue;
}
