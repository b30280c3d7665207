import type { AudioFormat, SpeechCatalog, SpeechEngine, Voice } from '../../../integrations/tts/index.ts';
import { badRequest, unavailable } from '../../../platform/http/errors.ts';

export interface ResolvedVoice {
  voice: Voice;
  engine: SpeechEngine;
  /** What listeners get: the engine's format (eSpeak and OpenAI-compatible mp3, Flite wav). */
  format: AudioFormat;
}

/**
 * The voice asked for, else the first voice of /api/voices (decisions.md). An unknown voice is
 * 400 naming it; no engine at all is 503.
 */
export async function resolveVoice(catalog: SpeechCatalog, voiceId: string | undefined): Promise<ResolvedVoice> {
  const id = voiceId ?? (await catalog.listVoices())[0]?.id;
  if (!id) throw unavailable('No speech engine is available on this server', 'tts_unavailable');
  const engine = await catalog.engineOfVoice(id);
  if (!engine) throw badRequest(`Unknown voice: ${id} (GET /api/voices lists the voices)`);
  // An OpenAI-compatible server that cannot be asked right now still owns its voices (the job retries).
  const voice = (await engine.voices().catch(() => [])).find((v) => v.id === id) ?? { id, name: id, engine: engine.id, language: 'en' };
  return { voice, engine, format: engine.format };
}

/** `format` must be the voice's own format: audio is stored once, never transcoded per request. */
export function checkFormat(resolved: ResolvedVoice, wanted: AudioFormat | undefined): void {
  if (wanted && wanted !== resolved.format) {
    throw badRequest(`format ${wanted} is not available for voice ${resolved.voice.id}: its audio is ${resolved.format}`);
  }
}
