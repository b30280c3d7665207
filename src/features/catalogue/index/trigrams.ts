/**
 * Trigram similarity as PostgreSQL's pg_trgm defines it, for the in-process search index: the
 * typo tolerance the catalogue search had on the database is kept, threshold and all.
 *
 * A text's trigrams: each word (a run of letters and digits), lower-cased, padded with two spaces
 * in front and one behind, cut into every run of three characters ("  m", " mo", "mou", …,
 * "in "). word_similarity(a, b) is the best similarity between the set of a's trigrams and any
 * continuous run of b's trigrams in order: shared / (a's + the run's − shared), counting distinct
 * trigrams. So a typed word matches a word inside a longer title as well as the title alone.
 *
 * Trigrams are numbered by a dictionary, and the scan works on numbers with scratch arrays reused
 * from call to call: a search compares thousands of titles in a few milliseconds.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** A text's trigrams in order, repeats included. */
export function trigramsInOrder(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const chars = [' ', ' ', ...match[0], ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** Numbers for trigrams, given on first sight. */
export class TrigramDictionary {
  private readonly ids = new Map<string, number>();

  get size(): number {
    return this.ids.size;
  }

  /** The text's trigrams in order as numbers (new trigrams are numbered). */
  numbered(text: string): Int32Array {
    const list = trigramsInOrder(text);
    const out = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) {
      let id = this.ids.get(list[i]!);
      if (id === undefined) this.ids.set(list[i]!, (id = this.ids.size));
      out[i] = id;
    }
    return out;
  }

  /** The text's distinct trigrams as numbers, -1 for those never seen (no indexed text has them). */
  known(text: string): number[] {
    return [...new Set(trigramsInOrder(text))].map((t) => this.ids.get(t) ?? -1);
  }
}

/** Arrays indexed by trigram number, reused by every comparison (a generation tells current entries). */
export class SimilarityScratch {
  private lastPos = new Int32Array(1024);
  private seenAt = new Int32Array(1024);
  private inQuery = new Int32Array(1024);
  private generation = 0;
  private query = 0;
  private querySize = 0;

  /** Sets what `a` is for the next comparisons: its distinct trigram numbers (-1: unknown, counted but never found). */
  setQuery(trigrams: readonly number[], dictionarySize: number): void {
    this.fit(dictionarySize);
    this.query++;
    this.querySize = trigrams.length;
    for (const id of trigrams) if (id >= 0) this.inQuery[id] = this.query;
  }

  /** How many distinct trigrams of b (numbers in order) the query has. */
  sharedCount(b: Int32Array): number {
    const gen = ++this.generation;
    const { seenAt, inQuery } = this;
    const query = this.query;
    let count = 0;
    for (let i = 0; i < b.length; i++) {
      const id = b[i]!;
      if (inQuery[id] !== query || seenAt[id] === gen) continue;
      seenAt[id] = gen;
      count++;
    }
    return count;
  }

  /**
   * Whether some run of b could reach similarity `at` with the query: a cheap test that rules out
   * most texts before similarityTo. A run with s shared and d distinct trigrams has similarity
   * s / (q + e), e = d − s the distinct trigrams not in the query. In a run, s is at most the
   * number of its positions holding a query trigram (P), and e at least the number of its
   * positions holding the first occurrence in b of a trigram not in the query (F; `firsts`: 1 at
   * each trigram's first position in b). So some run must have P ≥ at·(q + F), that is a stretch
   * of +1 and −at steps summing to at·q or more: found in one pass.
   */
  mayReach(b: Int32Array, firsts: Uint8Array, at: number): boolean {
    const { inQuery } = this;
    const query = this.query;
    const enough = at * this.querySize;
    let run = 0;
    for (let i = 0; i < b.length; i++) {
      if (inQuery[b[i]!] === query) {
        run += 1;
        if (run >= enough) return true;
      } else if (firsts[i] === 1) run = run > at ? run - at : 0;
    }
    return false;
  }

  /** word_similarity(query, b) for b's trigram numbers in order (pg_trgm's iterate_word_similarity). */
  similarityTo(b: Int32Array): number {
    const size = this.querySize;
    if (size === 0 || b.length === 0) return 0;
    const gen = ++this.generation;
    const { lastPos, seenAt, inQuery } = this;
    const query = this.query;
    const last = (id: number) => (seenAt[id] === gen ? lastPos[id]! : -1);
    let lower = -1;
    let count = 0;
    let distinct = 0;
    let best = 0;
    for (let i = 0; i < b.length; i++) {
      const id = b[i]!;
      const found = inQuery[id] === query;
      if (lower >= 0 || found) {
        if (last(id) < 0) {
          distinct++;
          if (found) count++;
        }
        seenAt[id] = gen;
        lastPos[id] = i;
      }
      if (!found) continue;
      // The run may end here: try every start from the current one, keeping the best.
      if (lower === -1) {
        lower = i;
        distinct = 1;
      }
      let current = similarity(count, size, distinct);
      let tryCount = count;
      let tryDistinct = distinct;
      const previousLower = lower;
      for (let start = lower; start <= i; start++) {
        const candidate = similarity(tryCount, size, tryDistinct);
        if (candidate > current) {
          current = candidate;
          distinct = tryDistinct;
          lower = start;
          count = tryCount;
        }
        const startId = b[start]!;
        if (last(startId) === start) {
          tryDistinct--;
          if (inQuery[startId] === query) tryCount--;
        }
      }
      if (current > best) best = current;
      for (let start = previousLower; start < lower; start++) {
        const startId = b[start]!;
        if (last(startId) === start) seenAt[startId] = 0;
      }
    }
    return best;
  }

  private fit(size: number): void {
    if (size <= this.lastPos.length) return;
    const grown = Math.max(size, this.lastPos.length * 2);
    this.lastPos = new Int32Array(grown);
    this.seenAt = new Int32Array(grown);
    const inQuery = new Int32Array(grown);
    inQuery.set(this.inQuery);
    this.inQuery = inQuery;
  }
}

/** As pg_trgm computes it: in single precision. */
function similarity(shared: number, a: number, b: number): number {
  return Math.fround(shared / (a + b - shared));
}

/** word_similarity(a, b) of two texts, on a dictionary of their own (for one-off comparisons and tests). */
export function wordSimilarity(a: string, b: string): number {
  const dictionary = new TrigramDictionary();
  const numberedB = dictionary.numbered(b);
  const scratch = new SimilarityScratch();
  const queryIds = [...new Set(dictionary.numbered(a))];
  scratch.setQuery(queryIds, dictionary.size);
  return scratch.similarityTo(numberedB);
}
