import { describe, expect, test } from 'bun:test';
import { TYPO_SIMILARITY, TypoIndex } from '../../src/features/catalogue/index/typo-index.ts';
import { wordSimilarity } from '../../src/features/catalogue/index/trigrams.ts';
import { rng } from '../support/rng.ts';

// The typo search stops early (most shared trigrams first, then slug order, typo-index.ts): it must
// give exactly what comparing every book would give, ties by slug included, on catalogues where a
// common word ties thousands of titles.

const WORDS = ['the', 'of', 'river', 'lantern', 'silver', 'throne', 'mountain', 'sect', 'tide', 'ember', 'endless', 'restless'];
const NAMES = ['Mei Ishikawa', 'Daro Hart', 'Lin Chen', 'Ana Ortega'];

interface Book {
  title: string;
  author: string;
}

/** Every book compared: those at or over the threshold, closest first, ties by slug rank. */
function compareEveryBook(books: (Book | undefined)[], typed: string, wanted: number, accept: (id: number) => boolean, ranks: Int32Array) {
  const all: { id: number; score: number }[] = [];
  books.forEach((book, id) => {
    if (!book || !accept(id)) return;
    const score = Math.max(wordSimilarity(typed, book.title), wordSimilarity(typed, book.author));
    if (score >= TYPO_SIMILARITY) all.push({ id, score });
  });
  return all.sort((a, b) => b.score - a.score || ranks[a.id]! - ranks[b.id]!).slice(0, wanted);
}

describe('the typo index', () => {
  const rand = rng(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const books: (Book | undefined)[] = Array.from({ length: 1500 }, () => ({
    title: Array.from({ length: 2 + Math.floor(rand() * 4) }, () => pick(WORDS)).join(' '),
    author: pick(NAMES),
  }));
  const index = new TypoIndex();
  books.forEach((book, id) => index.put(id, book!.title, book!.author));
  // Some books gone (their ids free), as the catalogue index leaves them.
  for (const id of [3, 40, 41, 700]) {
    index.remove(id);
    books[id] = undefined;
  }
  // Slug order unrelated to id order; a freed id keeps rank 0 as the catalogue index leaves it.
  const order = books.map((_, id) => id).sort((a, b) => ((a * 7919) % 1511) - ((b * 7919) % 1511));
  const ranks = new Int32Array(books.length);
  order.forEach((id, rank) => (ranks[id] = books[id] ? rank : 0));

  const typed = ['ofthe', 'of thhe', 'the', 'thhe', 'rivr', 'lantren of', 'enndless', 'restles tide', 'ishikwa', 'hart', 'zzzz', 'mountian sect'];
  for (const text of typed) {
    test(`"${text}": the same books in the same order as comparing every book`, () => {
      for (const wanted of [1, 5, 25, 200]) {
        const accept = (id: number) => id % 5 !== 0;
        const expected = compareEveryBook(books, text, wanted, accept, ranks);
        const found = index.near(text, wanted, accept, ranks);
        expect(found.map((h) => h.id)).toEqual(expected.map((h) => h.id));
        expect(found.map((h) => h.score)).toEqual(expected.map((h) => h.score));
      }
    });
  }

  test('a common word ties many titles, and they come in slug order', () => {
    const found = index.near('the', 25, () => true, ranks);
    expect(found).toHaveLength(25);
    const tied = found.filter((h) => h.score === found[0]!.score);
    expect(tied.length).toBeGreaterThan(1);
    expect(tied.map((h) => ranks[h.id]!)).toEqual(tied.map((h) => ranks[h.id]!).sort((a, b) => a - b));
  });

  test('books sharing a title or an author are each found; removing or renaming one leaves the others', () => {
    const shared = new TypoIndex();
    const ranks = Int32Array.from([0, 1, 2, 3]);
    shared.put(0, 'The Silver Lantern', 'Mei Ishikawa');
    shared.put(1, 'The Silver Lantern', 'Daro Hart');
    shared.put(2, 'Ember Tide', 'Mei Ishikawa');
    shared.put(3, 'Ember Tide', 'Mei Ishikawa');
    const ids = (typed: string) => shared.near(typed, 10, () => true, ranks).map((h) => h.id);
    expect(ids('silvr lantern')).toEqual([0, 1]);
    expect(ids('ishikwa')).toEqual([0, 2, 3]);
    shared.remove(0);
    expect(ids('silvr lantern')).toEqual([1]);
    expect(ids('ishikwa')).toEqual([2, 3]);
    shared.put(3, 'Restless River', 'Lin Chen');
    expect(ids('embr tide')).toEqual([2]);
    expect(ids('ishikwa')).toEqual([2]);
    expect(ids('restles river')).toEqual([3]);
    shared.remove(1);
    expect(ids('silvr lantern')).toEqual([]);
    shared.put(1, 'The Silver Lantern', 'Daro Hart');
    expect(ids('silvr lantern')).toEqual([1]);
  });
});
