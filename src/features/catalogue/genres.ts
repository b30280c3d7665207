/** Slugs of the names seen (a catalogue has a few dozen genres; every card asks). */
const slugs = new Map<string, string>();

/** "Martial Arts" → "martial-arts": the genre slug the catalogue filter takes. */
export function genreSlug(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    slug = name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    if (slugs.size < 10_000) slugs.set(name, slug);
  }
  return slug;
}
