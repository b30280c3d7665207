import { describe, expect, test } from 'bun:test';
import { slugify, transliterate } from '../../src/platform/text/slug.ts';
import { slugFromTitle } from '../../src/features/catalogue/writes/service.ts';

describe('slugs transliterate rather than drop letters', () => {
  const cases: [string, string][] = [
    ['Fluß', 'fluss'],
    ['STRASSE ẞ', 'strasse-ss'],
    ['Æsir Tales', 'aesir-tales'],
    ['Ørsted og Søren', 'orsted-og-soren'],
    ['Œuvre complète', 'oeuvre-complete'],
    ['Þórr', 'thorr'],
    ['Đorđe', 'dorde'],
    ['Łódź', 'lodz'],
    ['Crème brûlée à la Noël', 'creme-brulee-a-la-noel'],
    ['The Iron Archive!', 'the-iron-archive'],
    ['  --Ÿ--  ', 'y'],
    ['Ⅻ ﬁve', 'xii-five'],
  ];
  for (const [title, slug] of cases) test(`${title} → ${slug}`, () => expect(slugify(title)).toBe(slug));

  test('letters without a Latin spelling are left out; a title of only those still gets a slug', () => {
    expect(slugify('Война и мир 2')).toBe('2');
    expect(slugFromTitle('Война и мир')).toBe('book');
  });

  test("a new book's slug is made this way, cut to 120 characters without a dash at the end", () => {
    expect(slugFromTitle('Der Fluß')).toBe('der-fluss');
    expect(slugFromTitle(`${'ß'.repeat(59)} x`)).toBe('ss'.repeat(59) + '-x');
    expect(slugFromTitle(`${'a'.repeat(119)} b`)).toBe('a'.repeat(119));
  });

  test('transliterate keeps case and everything it cannot spell', () => {
    expect(transliterate('Fluß & Œuvre «Ünïcode» 日本')).toBe('Fluss & OEuvre «Unicode» 日本');
  });
});
