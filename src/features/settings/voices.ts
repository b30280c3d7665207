import { listVoices, type Voice, type SpeechCatalog } from '../../integrations/tts/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { DEFAULT_VOICE } from './model.ts';

/**
 * The voice setting holds one of the voices this server offers: exactly those the audio routes
 * accept (GET /api/voices, and an OpenAI-compatible server's voices while it cannot be asked).
 * The default is the first voice of /api/voices; DEFAULT_VOICE only when no engine offers any.
 */
export const VOICE_NOT_OFFERED = 'voice must be one of the voices of GET /api/voices';

export function offeredVoices(speech: SpeechCatalog): Promise<Voice[]> {
  return listVoices(speech);
}

export async function isOfferedVoice(speech: SpeechCatalog, id: string): Promise<boolean> {
  return (await speech.engineOfVoice(id)) !== null;
}

/**
 * What PUT /api/settings and the form accept: an offered voice, or the default GET /api/settings
 * answers (DEFAULT_VOICE on a server without engines), so a client may always send back what it read.
 */
export async function isAcceptedVoice(speech: SpeechCatalog, id: string): Promise<boolean> {
  return (await isOfferedVoice(speech, id)) || id === (await effectiveVoice(speech, null));
}

export async function checkOfferedVoice(speech: SpeechCatalog, id: string | undefined): Promise<void> {
  if (id !== undefined && !(await isAcceptedVoice(speech, id))) throw badRequest(VOICE_NOT_OFFERED);
}

/** The stored choice while it is still offered (an engine may have gone), else the default voice. */
export async function effectiveVoice(speech: SpeechCatalog, stored: string | null | undefined): Promise<string> {
  if (stored && (await isOfferedVoice(speech, stored))) return stored;
  return (await speech.listVoices())[0]?.id ?? DEFAULT_VOICE;
}
