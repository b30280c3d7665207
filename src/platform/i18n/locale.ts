/** The languages of the site: every page, message catalogue, notification and translation target. */
export const LOCALES = ['en', 'pt', 'es', 'fr', 'id'] as const;
export type Locale = (typeof LOCALES)[number];

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
