import type { Voice } from './port.ts';

/**
 * The eSpeak voices offered: one or two per site locale (en, pt, es, fr, id), not all 132 of
 * espeak-ng — a reader choosing a voice wants a short list, and every voice listed must also be
 * worth generating samples for. Names are in the voice's own language. `mespeak` is the voice
 * file of the in-process fallback (null: that build has no such language, so the voice is only
 * offered with the espeak-ng program).
 */
export interface EspeakVoice extends Voice {
  /** espeak-ng's voice name (`-v`). */
  espeak: string;
  /** Path under the mespeak package. */
  mespeak: string | null;
}

export const ESPEAK_VOICES: readonly EspeakVoice[] = [
  { id: 'espeak-en-us', name: 'English (US)', language: 'en-US', espeak: 'en-us', mespeak: 'voices/en/en-us.json' },
  { id: 'espeak-en-gb', name: 'English (UK)', language: 'en-GB', espeak: 'en-gb', mespeak: 'voices/en/en.json' },
  { id: 'espeak-pt-br', name: 'Português (Brasil)', language: 'pt-BR', espeak: 'pt-br', mespeak: 'voices/pt.json' },
  { id: 'espeak-pt-pt', name: 'Português (Portugal)', language: 'pt-PT', espeak: 'pt', mespeak: 'voices/pt-pt.json' },
  { id: 'espeak-es', name: 'Español (España)', language: 'es-ES', espeak: 'es', mespeak: 'voices/es.json' },
  { id: 'espeak-es-419', name: 'Español (Latinoamérica)', language: 'es-419', espeak: 'es-419', mespeak: 'voices/es-la.json' },
  { id: 'espeak-fr', name: 'Français', language: 'fr-FR', espeak: 'fr-fr', mespeak: 'voices/fr.json' },
  { id: 'espeak-id', name: 'Bahasa Indonesia', language: 'id-ID', espeak: 'id', mespeak: null },
].map((v) => ({ ...v, engine: 'espeak' as const }));

/** The public part of a voice (what /api/voices shows). */
export const publicVoice = ({ id, name, engine, language }: Voice): Voice => ({ id, name, engine, language });

/** espeak-ng's default rate, words per minute: "speed 1.0". */
export const ESPEAK_WPM = 175;
