import { describe, expect, test } from 'bun:test';
import type { Book } from '../../src/features/catalogue/model.ts';
import { pickRows, type RowCandidates } from '../../src/features/home/rows.ts';
import { rankingFigures } from '../../views/pages/catalogue/RankingPage.tsx';
import { makeTranslator } from '../../src/platform/i18n/index.ts';

const book = (slug: string, extra: Partial<Book> = {}): Book => ({
  slug, title: slug, author: 'A', cover_url: null, description: '', genres: [], status: 'ongoing',
  chapter_count: 3, rating_avg: null, rating_count: 0, has_audio: false, ...extra,
});
const books = (...slugs: string[]) => slugs.map((s) => book(s));
const none: RowCandidates = { newest: [], popular: [], topRated: [], updated: [] };
const shape = (candidates: Partial<RowCandidates>) => pickRows({ ...none, ...candidates }).map((r) => [r.kind, r.books.map((b) => b.slug).join(' ')]);

describe('pickRows', () => {
  test('New, then Popular this week, then Top rated', () => {
    expect(shape({ newest: books('a', 'b', 'c'), popular: books('c', 'a'), topRated: books('b'), updated: books('b', 'a', 'c') })).toEqual([
      ['new', 'a b c'],
      ['popular', 'c a'],
      ['top_rated', 'b'],
    ]);
  });

  test('nobody read anything this week: Recently updated stands in for Popular', () => {
    expect(shape({ newest: books('a', 'b'), updated: books('b', 'a'), topRated: books('a') })).toEqual([
      ['new', 'a b'],
      ['updated', 'b a'],
      ['top_rated', 'a'],
    ]);
  });

  test('a row with the books of an earlier row in the same order is left out; the same books reordered stay', () => {
    expect(shape({ newest: books('a', 'b'), updated: books('a', 'b') })).toEqual([['new', 'a b']]);
    expect(shape({ newest: books('a', 'b'), popular: books('a', 'b'), topRated: books('b', 'a') })).toEqual([['new', 'a b'], ['top_rated', 'b a']]);
    expect(shape({ newest: books('a', 'b'), popular: books('a'), topRated: books('a') })).toEqual([['new', 'a b'], ['popular', 'a']]);
  });

  test('empty rows are left out, but an empty catalogue still gets the New row and its empty state', () => {
    expect(shape({})).toEqual([['new', '']]);
    expect(shape({ newest: books('a') , updated: books('a') })).toEqual([['new', 'a']]);
  });
});

describe('rankingFigures', () => {
  const t = makeTranslator('en');
  const entry = (reads7d: number, reads30d: number, ratings = 0) => ({ book: book('x', { rating_count: ratings, rating_avg: ratings ? 4 : null }), reads7d, reads30d });

  test('counts of zero are left out rather than printed', () => {
    expect(rankingFigures(t, 'popular', entry(0, 0))).toEqual([]);
    expect(rankingFigures(t, 'popular', entry(0, 4))).toEqual(['4 readers in the last 30 days']);
    expect(rankingFigures(t, 'popular', entry(1, 1))).toEqual(['1 reader this week']);
    expect(rankingFigures(t, 'new', entry(2, 8))).toEqual(['2 readers this week', '8 in the last 30 days']);
    expect(rankingFigures(t, 'rating', entry(0, 0, 0))).toEqual([]);
    expect(rankingFigures(t, 'rating', entry(0, 0, 12))).toEqual(['12 ratings']);
    expect(rankingFigures(t, 'popular', entry(0, 0, 12))).toEqual([]); // ratings only on their own tab
  });

  test('in the reader\'s language', () => {
    expect(rankingFigures(makeTranslator('fr'), 'rating', entry(0, 1, 1))).toEqual(['1 note', '1 lecteur sur 30 jours']);
  });
});
