import { genreSlug } from '../../../src/features/catalogue/genres.ts';
import { LOCALE_TAGS, type Locale } from '../../../src/platform/i18n/locale.ts';
import { genresEn, type GenreNames } from './en.ts';
import { genresEs } from './es.ts';
import { genresFr } from './fr.ts';
import { genresId } from './id.ts';
import { genresPt } from './pt.ts';

export const GENRE_NAMES: Record<Locale, GenreNames> = { en: genresEn, pt: genresPt, es: genresEs, fr: genresFr, id: genresId };

/**
 * A genre as the reader's locale names it. Takes the stored name (what books and the API carry)
 * or the slug; a genre the lists do not know keeps its stored name.
 */
export function genreName(locale: Locale, stored: string): string {
  const names: Record<string, string> = GENRE_NAMES[locale];
  return names[genreSlug(stored)] ?? stored;
}

const collators = new Map<Locale, Intl.Collator>();
function collator(locale: Locale): Intl.Collator {
  let found = collators.get(locale);
  if (!found) collators.set(locale, (found = new Intl.Collator(LOCALE_TAGS[locale], { sensitivity: 'base' })));
  return found;
}

/** Genres with their display name, in the locale's alphabetical order (a filter's options). */
export function byGenreName<G extends { slug: string; name: string }>(locale: Locale, genres: readonly G[]): Array<G & { label: string }> {
  const compare = collator(locale);
  return genres.map((g) => ({ ...g, label: genreName(locale, g.name) })).sort((a, b) => compare.compare(a.label, b.label) || a.slug.localeCompare(b.slug));
}
