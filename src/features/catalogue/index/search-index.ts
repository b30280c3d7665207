import type { SearchTerms } from '../search-terms.ts';
import { TypoIndex } from './typo-index.ts';

/**
 * The catalogue's search as one process holds it: every typed word as the start of a word of the
 * title, author or description (the database's full-text search with prefix matching), ranked
 * title first, then author, then description; then, only when those do not fill the page, books
 * whose title or author is within a typo of what was typed (typo-index.ts), closest first.
 *
 * Built from the same rows as the book index and patched book by book as they change (sync.ts): a
 * word maps to the books that have it (posting lists) and words are kept sorted, so a prefix is a
 * range. Scoring runs over typed arrays indexed by book id, reused from search to search.
 */

/** Where a word occurs, as weight bits: title (A), author (B), description (C), like the database's setweight. */
const IN_TITLE = 4;
const IN_AUTHOR = 2;
const IN_DESCRIPTION = 1;
/** ts_rank's default weights for A, B and C: a title hit outranks an author hit, which outranks a description hit. */
const WEIGHT_OF_BITS = [0, 0.2, 0.4, 0.4, 1, 1, 1, 1];

/** Words as the text search's `simple` configuration finds them: runs of letters, marks and digits, lower-cased. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export interface SearchableBook {
  title: string;
  author: string;
  description: string;
}

/** A book's words with where each occurs. */
function wordsOf(book: SearchableBook): Map<string, number> {
  const words = new Map<string, number>();
  const add = (text: string, bit: number) => {
    for (const match of text.toLowerCase().matchAll(WORD)) words.set(match[0], (words.get(match[0]) ?? 0) | bit);
  };
  add(book.title, IN_TITLE);
  add(book.author, IN_AUTHOR);
  add(book.description, IN_DESCRIPTION);
  return words;
}

/** The first index in sorted `list` whose value is ≥ `value`. */
function lowerBound(list: readonly string[], value: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Code-unit order, as the database's C collation orders slugs. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface Hit {
  id: number;
  score: number;
}

export class SearchIndex {
  /** Each word's postings: book id × 8 + where the word occurs in it. */
  private readonly postings = new Map<string, number[]>();
  /** Every word with postings (and some left empty by removals), sorted: a prefix is a range. */
  private vocabulary: string[] = [];
  private readonly typos = new TypoIndex();
  private readonly books: (SearchableBook | undefined)[] = [];
  // Scratch, by book id.
  private best = new Float32Array(1024);
  private total = new Float32Array(1024);
  private stamp = new Int32Array(1024);
  private matched = new Uint8Array(1024);
  private generation = 0;

  /** Indexes many books at once (a full load): the vocabulary is sorted once. */
  static build(books: Iterable<[number, SearchableBook]>): SearchIndex {
    const index = new SearchIndex();
    for (const [id, book] of books) index.insert(id, book, false);
    index.vocabulary = [...index.postings.keys()].sort();
    return index;
  }

  /** The same, letting other work run every `slice` books (a full load while the process serves). */
  static async buildInSlices(books: Iterable<[number, SearchableBook]>, pause: () => Promise<void>, slice = 500): Promise<SearchIndex> {
    const index = new SearchIndex();
    let count = 0;
    for (const [id, book] of books) {
      index.insert(id, book, false);
      if (++count % slice === 0) await pause();
    }
    index.vocabulary = [...index.postings.keys()].sort();
    return index;
  }

  /** Adds or replaces the book with this id. */
  put(id: number, book: SearchableBook): void {
    this.remove(id);
    this.insert(id, book, true);
  }

  remove(id: number): void {
    const old = this.books[id];
    if (!old) return;
    this.books[id] = undefined;
    for (const word of wordsOf(old).keys()) {
      const list = this.postings.get(word);
      if (!list) continue;
      const at = list.findIndex((entry) => entry >>> 3 === id);
      if (at >= 0) list.splice(at, 1);
    }
    this.typos.remove(id);
  }

  private insert(id: number, book: SearchableBook, keepSorted: boolean): void {
    this.books[id] = book;
    for (const [word, mask] of wordsOf(book)) {
      let list = this.postings.get(word);
      if (!list) {
        this.postings.set(word, (list = []));
        if (keepSorted) this.vocabulary.splice(lowerBound(this.vocabulary, word), 0, word);
      }
      list.push(id * 8 + mask);
    }
    this.typos.put(id, book.title, book.author);
    this.fit(id + 1);
  }

  /**
   * Ids of the books matching `terms`, best first, `offset`..`offset + limit`. Ties go by slug as
   * the database broke them, so pages never overlap: `slugRanks` holds each id's place in slug
   * order (comparing numbers instead of strings: a common word ties thousands of books).
   */
  search(terms: SearchTerms, offset: number, limit: number, slugRanks: Int32Array): number[] {
    if (terms.words.length === 0) return [];
    const wanted = offset + limit;
    const order = (a: number, b: number) => slugRanks[a]! - slugRanks[b]!;
    const byScore = (a: Hit, b: Hit) => b.score - a.score || order(a.id, b.id);
    const hits = this.fullText(terms.words);
    const ranked = topOf(hits, wanted, byScore);
    // Like the database: typos are looked for only when whole-word hits do not fill the page.
    if (hits.length >= wanted) return ranked.slice(offset, wanted).map((h) => h.id);
    const found = new Set(hits.map((h) => h.id));
    const near = this.typos.near(terms.fuzzy, wanted - hits.length, (id) => !found.has(id), order);
    return [...ranked, ...near].slice(offset, wanted).map((h) => h.id);
  }

  /** Books with every word as the start of one of their words, scored by where each word matched best. */
  private fullText(words: readonly string[]): Hit[] {
    const { best, total, stamp, matched } = this;
    const candidates: number[] = [];
    for (const [w, word] of words.entries()) {
      const gen = ++this.generation;
      // A one-letter word is matched whole (search-terms.ts): as a prefix it would match nearly every book.
      const from = lowerBound(this.vocabulary, word);
      const to = [...word].length > 1 ? lowerBound(this.vocabulary, word + '\uffff') : from + (this.vocabulary[from] === word ? 1 : 0);
      const touched: number[] = [];
      for (let i = from; i < to; i++) {
        for (const entry of this.postings.get(this.vocabulary[i]!)!) {
          const id = entry >>> 3;
          const weight = WEIGHT_OF_BITS[entry & 7]!;
          if (stamp[id] !== gen) {
            stamp[id] = gen;
            best[id] = weight;
            touched.push(id);
          } else if (weight > best[id]!) best[id] = weight;
        }
      }
      for (const id of touched) {
        if (w === 0) {
          matched[id] = 1;
          total[id] = best[id]!;
          candidates.push(id);
        } else if (matched[id] === w) {
          matched[id]++;
          total[id]! += best[id]!;
        }
      }
    }
    const hits: Hit[] = [];
    for (const id of candidates) {
      if (matched[id] === words.length) hits.push({ id, score: total[id]! });
      matched[id] = 0;
    }
    return hits;
  }

  private fit(size: number): void {
    if (size <= this.best.length) return;
    const grown = Math.max(size, this.best.length * 2);
    this.best = new Float32Array(grown);
    this.total = new Float32Array(grown);
    this.stamp = new Int32Array(grown);
    this.matched = new Uint8Array(grown);
  }
}

/** The first `count` items in order: sorted whole when few, else kept in a sorted window. */
function topOf<T>(items: T[], count: number, order: (a: T, b: T) => number): T[] {
  if (items.length <= count * 4) return items.sort(order).slice(0, count);
  const top = items.slice(0, count).sort(order);
  for (let i = count; i < items.length; i++) {
    const item = items[i]!;
    if (order(item, top[count - 1]!) >= 0) continue;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (order(top[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, item);
    top.pop();
  }
  return top;
}
