import type { SpeechCatalog } from './catalog.ts';
import type { Voice } from './port.ts';

/** The language of a voice as its primary subtag (`en-GB` → `en`). */
export const primaryLanguage = (voice: Pick<Voice, 'language'>): string => voice.language.toLowerCase().split('-')[0]!;

/** An offered voice by its id, as its engine lists it; null when no engine offers it (or its engine cannot be asked now). */
export async function offeredVoice(catalog: SpeechCatalog, id: string): Promise<Voice | null> {
  const engine = await catalog.engineOfVoice(id);
  if (!engine) return null;
  return (await engine.voices().catch(() => [])).find((voice) => voice.id === id) ?? null;
}
