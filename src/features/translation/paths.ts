import type { Locale } from '../../platform/i18n/locale.ts';

/** The chapter page showing a stored translation. */
export function translatedChapterPath(slug: string, chapter: number, locale: Locale): string {
  return `/book/${encodeURIComponent(slug)}/${chapter}?locale=${locale}`;
}

/** The reader's switch (htmx fragments): ask, then poll. */
export const switchPath = (slug: string, chapter: number) => `/translate/${encodeURIComponent(slug)}/${chapter}`;
export const pollPath = (slug: string, chapter: number, locale: Locale) => `/translate/${encodeURIComponent(slug)}/${chapter}/status?locale=${locale}`;
export const glossaryPagePath = (slug: string) => `/admin/books/${encodeURIComponent(slug)}/glossary`;
