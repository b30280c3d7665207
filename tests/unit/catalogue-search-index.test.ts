import { describe, expect, test } from 'bun:test';
import { SearchIndex, type SearchableBook } from '../../src/features/catalogue/index/search-index.ts';
import { searchTerms } from '../../src/features/catalogue/search-terms.ts';
import { rng } from '../support/rng.ts';

// Whole-word search starts from its rarest word and checks common words against each remaining
// candidate's own words (search-index.ts): it must rank exactly as scoring every book would.

const COMMON = ['the', 'their', 'then', 'of', 'a', 'and', 'in'];
const RARE = ['lantern', 'lanterns', 'silver', 'silversmith', 'throne', 'tide', 'ember', 'embers', 'café', 'mountain', 'sect', 'river'];
/** In a handful of books: common words are then checked against those few books' own words. */
const SCARCE = ['quill', 'obsidian', 'theorem'];
const NAMES = ['Mei Ishikawa', 'Daro Hart', 'Lin Chen', 'Ana Ortega', 'Theo Lantern'];
/** ts_rank's weights for title, author and description, as the index scores them. */
const WEIGHTS = { title: 1, author: 0.4, description: 0.2 };

function scoreEveryBook(books: (SearchableBook | undefined)[], typed: string, ranks: Int32Array): number[] {
  const words = searchTerms(typed).words;
  const hits: { id: number; score: number }[] = [];
  books.forEach((book, id) => {
    if (!book || words.length === 0) return;
    let score = 0;
    for (const word of words) {
      let best = 0;
      for (const [field, weight] of Object.entries(WEIGHTS)) {
        const own = book[field as keyof typeof WEIGHTS].toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
        if (own.some((w) => ([...word].length > 1 ? w.startsWith(word) : w === word))) best = Math.max(best, weight);
      }
      if (best === 0) return;
      score += best * 5;
    }
    hits.push({ id, score: Math.round(score) });
  });
  return hits.sort((a, b) => b.score - a.score || ranks[a.id]! - ranks[b.id]!).map((h) => h.id);
}

describe('the search index, whole words', () => {
  const rand = rng(23);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const word = () => (rand() < 0.002 ? pick(SCARCE) : rand() < 0.6 ? pick(COMMON) : pick(RARE));
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const bookAt = (): SearchableBook => ({ title: sentence(1 + Math.floor(rand() * 4)), author: pick(NAMES), description: sentence(Math.floor(rand() * 30)) });
  const books: (SearchableBook | undefined)[] = Array.from({ length: 1500 }, bookAt);
  const index = SearchIndex.build(books.map((book, id): [number, SearchableBook] => [id, book!]));
  // Patched as the catalogue changes: some books replaced, some removed.
  for (let i = 0; i < 200; i++) {
    const id = Math.floor(rand() * books.length);
    if (rand() < 0.3) {
      index.remove(id);
      books[id] = undefined;
    } else index.put(id, (books[id] = bookAt()));
  }
  const order = books.map((_, id) => id).sort((a, b) => ((a * 7919) % 1511) - ((b * 7919) % 1511));
  const ranks = new Int32Array(books.length);
  order.forEach((id, rank) => (ranks[id] = rank));

  const typed = ['the', 'the lantern', 'lantern the', 'of the silver', 'silversmith of the', 'th', 'the a', 'a', 'lan emb', 'the their then of', 'café', 'mei the', 'theo lantern', 'ember in the sect', 'zzzz the', 'quill the', 'the obsidian a', 'theorem the', 'quill th lantern', 'obsidian their then'];
  for (const text of typed) {
    test(`"${text}": the books with every word, ranked as scoring every book ranks them`, () => {
      const expected = scoreEveryBook(books, text, ranks);
      const found = index.search(searchTerms(text), 0, expected.length + 50, ranks);
      expect(found.slice(0, expected.length)).toEqual(expected);
      // Pages are slices of the same order.
      expect(index.search(searchTerms(text), 10, 5, ranks)).toEqual(found.slice(10, 15));
    });
  }
});
