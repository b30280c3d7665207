import { describe, expect, test } from 'bun:test';
import { BookIndex, type IndexedBook } from '../../src/features/catalogue/index/book-index.ts';
import { indexedBookOf } from '../../src/features/catalogue/index/sync.ts';
import type { IndexRow } from '../../src/features/catalogue/index/queries.ts';
import { BROWSE_SORTS } from '../../src/features/catalogue/model.ts';
import { searchTerms } from '../../src/features/catalogue/search-terms.ts';
import { rng } from '../support/rng.ts';

// The catalogue index is patched book by book as books change (index/sync.ts): whatever the
// changes, a patched index must answer exactly what an index built afresh from the same books answers.

const WORDS = ['river', 'lantern', 'silver', 'throne', 'tide', 'ember', 'Ünïcode', 'café', 'the', 'of', 'mountain', 'sect'];
const GENRES = [['fantasy', 'Fantasy'], ['romance', 'Romance'], ['mystery', 'Mystery'], ['horror', 'Horror']] as const;

function randomRow(rand: () => number, slug: string): IndexRow {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const genres = GENRES.filter(() => rand() < 0.4);
  const ratingCount = rand() < 0.3 ? 0 : 1 + Math.floor(rand() * 5);
  return {
    slug, title: words(1 + Math.floor(rand() * 4)), author: words(2), description: words(Math.floor(rand() * 12)), cover_key: rand() < 0.5 ? null : `covers/${slug}.webp`,
    status: rand() < 0.5 ? 'ongoing' : 'completed', chapter_count: Math.floor(rand() * 40), rating_count: ratingCount, rating_sum: ratingCount * (1 + Math.floor(rand() * 5)),
    has_audio: rand() < 0.3, reads_7d: Math.floor(rand() * 3), reads_30d: Math.floor(rand() * 3), rating_score: ratingCount ? Math.floor(rand() * 4) + 1.5 : null,
    created_us: 1_700_000_000_000_000 + Math.floor(rand() * 4), updated_us: 1_700_000_000_000_000 + Math.floor(rand() * 3),
    genre_slugs: genres.map((g) => g[0]), genre_names: genres.map((g) => g[1]),
  };
}

/** Everything a listing can ask of an index, as plain slugs. */
function answers(index: BookIndex): unknown {
  const out: unknown[] = [];
  for (const sort of BROWSE_SORTS) {
    for (const filter of [{ genre: null, status: null, audio: false }, { genre: 'fantasy', status: null, audio: false }, { genre: null, status: 'completed' as const, audio: true }]) {
      out.push(index.browse(filter, sort, 0, 500).books.map((b) => b.slug));
    }
    out.push(index.ranking(sort, 7).map((b) => b.slug));
  }
  for (const q of ['river', 'riv', 'the silver', 'lanterm', 'mountian sect', 'cafe', 'ünï', 'zzzz', 'of']) {
    out.push(index.find(searchTerms(q), 0, 500).books.map((b) => b.slug));
  }
  out.push(index.genres(GENRES.map(([slug, name]) => ({ slug, name }))));
  return out;
}

describe('the catalogue index', () => {
  test('built in slices while other work runs, it answers what one built at once answers', async () => {
    const rand = rng(7);
    const books = Array.from({ length: 1300 }, (_, i) => indexedBookOf(randomRow(rand, `book-${i}`)));
    let pauses = 0;
    const sliced = await BookIndex.build(books, async () => {
      pauses++;
      await Promise.resolve();
    });
    expect(pauses).toBe(2); // every 500 books
    expect(answers(sliced)).toEqual(answers(new BookIndex(books)));
  });

  for (const [label, batch] of [['book by book', 3], ['in batches larger than the patch limit', 260]] as const) {
    test(`patched ${label}, it answers what a fresh index of the same books answers`, () => {
      const rand = rng(label.length);
      const rows = new Map<string, IndexRow>();
      for (let i = 0; i < 300; i++) rows.set(`book-${i}`, randomRow(rand, `book-${i}`));
      const index = new BookIndex([...rows.values()].map(indexedBookOf));
      answers(index); // every order and filter built, so they are patched rather than remade
      for (let round = 0; round < 12; round++) {
        const touched = new Set<string>();
        const removed: string[] = [];
        for (let i = 0; i < batch; i++) {
          const slug = `book-${Math.floor(rand() * 400)}`;
          touched.add(slug);
          if (rand() < 0.2 && rows.has(slug)) {
            rows.delete(slug);
            removed.push(slug);
          } else rows.set(slug, randomRow(rand, slug));
        }
        // As the change feed gives them (index/queries.ts): the rows as they are now, and every slug
        // removed meanwhile, even one that exists again.
        const changed: IndexedBook[] = [...touched].filter((slug) => rows.has(slug)).map((slug) => indexedBookOf(rows.get(slug)!));
        index.apply(changed, removed);
        expect(answers(index)).toEqual(answers(new BookIndex([...rows.values()].map(indexedBookOf))));
      }
    });
  }
});
