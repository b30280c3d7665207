import type { Locale } from '../context.ts';
import { en, type Catalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { id } from './id.ts';
import { pt } from './pt.ts';

export type { Catalogue, MessageKey } from './en.ts';

export const catalogues: Record<Locale, Catalogue> = { en, pt, es, fr, id };

/**
 * Each language named in itself (an autonym), the same in every catalogue, so it lives here
 * rather than five times over in the catalogues.
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  pt: 'Português',
  es: 'Español',
  fr: 'Français',
  id: 'Bahasa Indonesia',
};

/** BCP 47 tags for Intl and og:locale: our short codes name one regional variant each. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en-US',
  pt: 'pt-BR',
  es: 'es-ES',
  fr: 'fr-FR',
  id: 'id-ID',
};
