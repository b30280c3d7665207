import type { Voice } from './port.ts';
import type { TtsRegistry } from './registry.ts';

/**
 * What features need of the speech engines: the voice list and the engine of a voice. Production
 * passes the registry; tests pass slow or failing fakes (tests/support/audio-engines.ts), on the
 * HTTP side and in the job's worker alike.
 */
export type SpeechCatalog = Pick<TtsRegistry, 'listVoices' | 'engineOfVoice'>;

/** The voices on offer as GET /api/voices and the settings page show them; the first is the default. */
export async function listVoices(speech: SpeechCatalog): Promise<Voice[]> {
  return (await speech.listVoices()).map(({ id, name, engine, language }) => ({ id, name, engine, language }));
}
