import { genresEn } from '../../../../views/i18n/genres/en.ts';
import { genreSlug } from '../../catalogue/genres.ts';

/**
 * The genres an imported book may be given: the catalogue's genre list (slug → stored name, the
 * names every locale translates). A book is stored with these names, so it joins the same filters.
 */
export const IMPORT_GENRES: ReadonlyArray<{ slug: string; name: string }> = Object.entries(genresEn)
  // Two slugs of one name (fan-fiction, fanfiction) are one choice.
  .filter(([, name], index, all) => all.findIndex(([, other]) => other === name) === index)
  .map(([slug, name]) => ({ slug, name }));
const BY_SLUG = new Map<string, string>(Object.entries(genresEn));

/** The stored name of a genre given by its name or its slug; undefined for one the catalogue does not list. */
export function knownGenre(value: string): string | undefined {
  return BY_SLUG.get(genreSlug(value.trim()));
}
