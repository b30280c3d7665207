import type { SearchTerms } from '../search-terms.ts';
import { TypoIndex } from './typo-index.ts';
import { placeInWindow } from './sorted-window.ts';

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
/**
 * ts_rank's default weights for A, B and C (1, 0.4, 0.2) times five, so sums are exact: a title hit
 * outranks an author hit, which outranks a description hit.
 */
const WEIGHT_OF_BITS = [0, 1, 2, 2, 5, 5, 5, 5];
/** Checking one candidate's own words costs about this many postings read. */
const CHECK_CANDIDATE_COST = 48;

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

/** A word's number (fixed while it has postings) and its postings: book id × 8 + where it occurs. */
interface Word {
  no: number;
  postings: number[];
}

/** One typed word's part in a search: its range of the vocabulary and how many postings that holds. */
interface Plan {
  word: string;
  from: number;
  to: number;
  postings: number;
}

export class SearchIndex {
  private readonly words = new Map<string, Word>();
  private nextWordNo = 0;
  /** Per book id, its words: word number × 8 + where the word occurs in it. */
  private readonly terms: (Int32Array | undefined)[] = [];
  /** Every word with postings (and some left empty by removals), sorted: a prefix is a range. */
  private vocabulary: string[] = [];
  private readonly typos = new TypoIndex();
  private readonly books: (SearchableBook | undefined)[] = [];
  // Scratch, by book id.
  private best = new Int32Array(1024);
  private total = new Int32Array(1024);
  private stamp = new Int32Array(1024);
  private matched = new Uint8Array(1024);
  private generation = 0;
  /** Per word number, the search step that marked it as matching the typed word. */
  private wordMark = new Int32Array(1024);

  /** Indexes many books at once (a full load): the vocabulary is sorted once. */
  static build(books: Iterable<[number, SearchableBook]>): SearchIndex {
    const index = new SearchIndex();
    for (const [id, book] of books) index.insert(id, book, false);
    index.vocabulary = [...index.words.keys()].sort();
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
    index.vocabulary = [...index.words.keys()].sort();
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
    this.terms[id] = undefined;
    for (const word of wordsOf(old).keys()) {
      const list = this.words.get(word)?.postings;
      if (!list) continue;
      const at = list.findIndex((entry) => entry >>> 3 === id);
      if (at >= 0) list.splice(at, 1);
    }
    this.typos.remove(id);
  }

  private insert(id: number, book: SearchableBook, keepSorted: boolean): void {
    this.books[id] = book;
    const terms: number[] = [];
    for (const [text, mask] of wordsOf(book)) {
      let word = this.words.get(text);
      if (!word) {
        this.words.set(text, (word = { no: this.nextWordNo++, postings: [] }));
        if (keepSorted) this.vocabulary.splice(lowerBound(this.vocabulary, text), 0, text);
      }
      word.postings.push(id * 8 + mask);
      terms.push(word.no * 8 + mask);
    }
    this.terms[id] = Int32Array.from(terms);
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
    const near = this.typos.near(terms.fuzzy, wanted - hits.length, (id) => !found.has(id), slugRanks);
    return [...ranked, ...near].slice(offset, wanted).map((h) => h.id);
  }

  /**
   * Books with every word as the start of one of their words, scored by where each word matched
   * best. The rarest word gives the candidates; each other word is then either read through its
   * postings or checked against each remaining candidate's own words, whichever reads less (a
   * common word such as "the" has postings in most of the catalogue).
   */
  private fullText(words: readonly string[]): Hit[] {
    const plans = words.map((word) => this.plan(word)).sort((a, b) => a.postings - b.postings);
    const { total, matched } = this;
    const candidates: number[] = [];
    for (const [w, plan] of plans.entries()) {
      const alive = w === 0 ? 0 : this.countAlive(candidates, w);
      if (w > 0 && alive === 0) break;
      if (w > 0 && plan.postings > alive * CHECK_CANDIDATE_COST) {
        this.checkCandidates(plan, candidates, w);
        continue;
      }
      const { best, touched } = this.readPostings(plan);
      for (let t = 0; t < touched.length; t++) {
        const id = touched[t]!;
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
    for (let c = 0; c < candidates.length; c++) {
      const id = candidates[c]!;
      if (matched[id] === words.length) hits.push({ id, score: total[id]! });
      matched[id] = 0;
    }
    return hits;
  }

  /** The vocabulary range a typed word matches: a one-letter word whole (search-terms.ts: as a prefix it would match nearly every book). */
  private plan(word: string): Plan {
    const from = lowerBound(this.vocabulary, word);
    const to = [...word].length > 1 ? lowerBound(this.vocabulary, word + '\uffff') : from + (this.vocabulary[from] === word ? 1 : 0);
    let postings = 0;
    for (let i = from; i < to; i++) postings += this.words.get(this.vocabulary[i]!)!.postings.length;
    return { word, from, to, postings };
  }

  private countAlive(candidates: readonly number[], step: number): number {
    let alive = 0;
    for (let c = 0; c < candidates.length; c++) if (this.matched[candidates[c]!] === step) alive++;
    return alive;
  }

  /** Every book with a word in the plan's range, and the best weight it has there (in `best`). */
  private readPostings(plan: Plan): { best: Int32Array; touched: number[] } {
    const { best, stamp } = this;
    const gen = ++this.generation;
    const touched: number[] = [];
    for (let i = plan.from; i < plan.to; i++) {
      const postings = this.words.get(this.vocabulary[i]!)!.postings;
      // Indexed: a common word's postings cover most of the catalogue.
      for (let p = 0; p < postings.length; p++) {
        const entry = postings[p]!;
        const id = entry >>> 3;
        const weight = WEIGHT_OF_BITS[entry & 7]!;
        if (stamp[id] !== gen) {
          stamp[id] = gen;
          best[id] = weight;
          touched.push(id);
        } else if (weight > best[id]!) best[id] = weight;
      }
    }
    return { best, touched };
  }

  /** Matches the plan against each candidate still in the running (matched `step` words so far) through its own words. */
  private checkCandidates(plan: Plan, candidates: readonly number[], step: number): void {
    const gen = ++this.generation;
    this.fitWords();
    const { wordMark, matched, total } = this;
    for (let i = plan.from; i < plan.to; i++) wordMark[this.words.get(this.vocabulary[i]!)!.no] = gen;
    for (let c = 0; c < candidates.length; c++) {
      const id = candidates[c]!;
      if (matched[id] !== step) continue;
      const terms = this.terms[id]!;
      let weight = 0;
      for (let t = 0; t < terms.length; t++) {
        const entry = terms[t]!;
        if (wordMark[entry >>> 3] === gen) weight = Math.max(weight, WEIGHT_OF_BITS[entry & 7]!);
      }
      if (weight > 0) {
        matched[id]++;
        total[id]! += weight;
      }
    }
  }

  private fitWords(): void {
    if (this.nextWordNo > this.wordMark.length) this.wordMark = new Int32Array(Math.max(this.nextWordNo, this.wordMark.length * 2));
  }

  private fit(size: number): void {
    if (size <= this.best.length) return;
    const grown = Math.max(size, this.best.length * 2);
    this.best = new Int32Array(grown);
    this.total = new Int32Array(grown);
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
    if (order(item, top[count - 1]!) < 0) placeInWindow(top, item, order);
  }
  return top;
}
