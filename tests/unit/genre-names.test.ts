import { describe, expect, test } from 'bun:test';
import { genreSlug } from '../../src/features/catalogue/genres.ts';
import { byGenreName, genreName, GENRE_NAMES } from '../../views/i18n/genres/index.ts';
import { LOCALES } from '../../src/platform/i18n/locale.ts';

describe('genre display names', () => {
  test('every locale names the same genres, none left empty', () => {
    const slugs = Object.keys(GENRE_NAMES.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(GENRE_NAMES[locale]).sort()).toEqual(slugs);
      expect(Object.values(GENRE_NAMES[locale]).filter((name) => name.trim() === '')).toEqual([]);
    }
  });

  test('the maps are keyed by the slug the catalogue makes of the English name (one alias aside)', () => {
    const aliases = Object.entries(GENRE_NAMES.en).filter(([slug, name]) => genreSlug(name) !== slug);
    expect(aliases).toEqual([['fanfiction', 'Fan Fiction']]); // "Fanfiction" as some sources spell it
  });

  test('the common web-novel genres are all there', () => {
    const common = ['Action', 'Adventure', 'Comedy', 'Drama', 'Fantasy', 'Harem', 'Historical', 'Horror', 'Isekai', 'Josei', 'Martial Arts', 'Mature', 'Mecha',
      'Mystery', 'Psychological', 'Romance', 'School Life', 'Sci-fi', 'Science Fiction', 'Seinen', 'Shoujo', 'Shounen', 'Slice of Life', 'Sports', 'Supernatural',
      'Tragedy', 'Wuxia', 'Xianxia', 'Xuanhuan', 'LitRPG', 'Reincarnation', 'System', 'Cultivation'];
    for (const name of common) expect(GENRE_NAMES.en[genreSlug(name) as keyof typeof GENRE_NAMES.en]).toBeDefined();
  });

  test('a stored name or a slug is shown in the reader\'s locale, whatever its spelling', () => {
    expect(genreName('fr', 'Martial Arts')).toBe('Arts martiaux');
    expect(genreName('pt', 'martial-arts')).toBe('Artes marciais');
    expect(genreName('es', 'SLICE OF LIFE')).toBe('Recuentos de la vida');
    expect(genreName('id', 'Sci-Fi')).toBe('Fiksi ilmiah');
    expect(genreName('en', 'sci fi')).toBe('Sci-fi');
  });

  test('a genre the lists do not know keeps its stored name', () => {
    expect(genreName('fr', 'Cozy Bakery')).toBe('Cozy Bakery');
    expect(genreName('pt', '')).toBe('');
  });

  test('a filter lists genres alphabetically in the reader\'s language', () => {
    const genres = [{ slug: 'action', name: 'Action' }, { slug: 'romance', name: 'Romance' }, { slug: 'fantasy', name: 'Fantasy' }, { slug: 'zz-unknown', name: 'Écoles' }];
    expect(byGenreName('pt', genres).map((g) => g.label)).toEqual(['Ação', 'Écoles', 'Fantasia', 'Romance']);
    expect(byGenreName('id', genres).map((g) => g.label)).toEqual(['Aksi', 'Écoles', 'Fantasi', 'Romansa']);
  });
});
