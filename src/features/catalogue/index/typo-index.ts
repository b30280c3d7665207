import { SimilarityScratch, TrigramDictionary } from './trigrams.ts';

/**
 * How close a typed word must be to the title or author (pg_trgm's word_similarity, as the search
 * on the database had it): pg_trgm's default 0.6 misses one swapped pair of letters in a short
 * word ("mountian" → 0.56); below 0.5 unrelated names start to match ("hartgrav" ~ "Clemency
 * Hart", 0.44).
 */
export const TYPO_SIMILARITY = 0.5;

/**
 * Titles and authors by trigram, for the search's typo tolerance: the books whose title or author
 * has word similarity ≥ 0.5 with what was typed (trigrams.ts), closest first. Word similarity is
 * at most the share of the typed trigrams found in the text, so only books holding at least half
 * of them are compared, and candidates are compared most-shared first: once the page is full of
 * books closer than any remaining candidate could be, the rest are never compared.
 */
export class TypoIndex {
  private readonly dictionary = new TrigramDictionary();
  private readonly scratch = new SimilarityScratch();
  /** Per trigram number, the ids of the books whose title (or author) has it. */
  private readonly titles: number[][] = [];
  private readonly authors: number[][] = [];
  private readonly sequences: ({ title: Int32Array; author: Int32Array } | undefined)[] = [];
  /** Per book id, how many typed trigrams its title and its author share (reset after each search). */
  private shared = new Uint16Array(1024);
  private sharedAuthor = new Uint16Array(1024);

  put(id: number, title: string, author: string): void {
    this.remove(id);
    const sequences = { title: this.dictionary.numbered(title), author: this.dictionary.numbered(author) };
    this.sequences[id] = sequences;
    for (const t of new Set(sequences.title)) (this.titles[t] ??= []).push(id);
    for (const t of new Set(sequences.author)) (this.authors[t] ??= []).push(id);
  }

  remove(id: number): void {
    const old = this.sequences[id];
    if (!old) return;
    this.sequences[id] = undefined;
    for (const t of new Set(old.title)) without(this.titles[t], id);
    for (const t of new Set(old.author)) without(this.authors[t], id);
  }

  /**
   * Books within a typo of `typed` that `accept` lets through, best first by similarity then by
   * `order`; enough to be sure of the first `wanted` (all of them when fewer are that close).
   */
  near(typed: string, wanted: number, accept: (id: number) => boolean, order: (a: number, b: number) => number): { id: number; score: number }[] {
    const query = this.dictionary.known(typed);
    if (query.length === 0) return [];
    this.scratch.setQuery(query, this.dictionary.size);
    const need = Math.ceil(query.length * TYPO_SIMILARITY);
    this.fit(this.sequences.length);
    const touched: number[] = [];
    for (const t of query) {
      if (t < 0) continue;
      for (const id of this.titles[t] ?? []) if (this.shared[id]!++ === 0 && this.sharedAuthor[id] === 0) touched.push(id);
      for (const id of this.authors[t] ?? []) if (this.sharedAuthor[id]!++ === 0 && this.shared[id] === 0) touched.push(id);
    }
    // Most shared trigrams first: the best a candidate can reach is shared / typed.
    const candidates: { id: number; most: number; title: boolean; author: boolean }[] = [];
    for (const id of touched) {
      const title = this.shared[id]!;
      const author = this.sharedAuthor[id]!;
      this.shared[id] = 0;
      this.sharedAuthor[id] = 0;
      // A side sharing fewer than half the typed trigrams cannot reach the threshold: it is not compared.
      if ((title >= need || author >= need) && accept(id)) candidates.push({ id, most: Math.max(title, author), title: title >= need, author: author >= need });
    }
    // By what each can reach: once the page is full of books closer than the next candidate can
    // be, no later candidate can enter. (Only strictly: one that may tie could still win on order.)
    candidates.sort((a, b) => b.most - a.most);
    const found: { id: number; score: number }[] = [];
    const byScore = (a: { id: number; score: number }, b: { id: number; score: number }) => b.score - a.score || order(a.id, b.id);
    for (const { id, most, title, author } of candidates) {
      if (found.length >= wanted && Math.fround(most / query.length) < found[wanted - 1]!.score) break;
      const sequences = this.sequences[id]!;
      const score = Math.max(title ? this.scratch.similarityTo(sequences.title) : 0, author ? this.scratch.similarityTo(sequences.author) : 0);
      if (score < TYPO_SIMILARITY) continue;
      const hit = { id, score };
      if (found.length < wanted) {
        found.push(hit);
        if (found.length === wanted) found.sort(byScore);
      } else if (byScore(hit, found[wanted - 1]!) < 0) {
        // Kept sorted once full: the newcomer takes its place, the last one goes.
        let lo = 0;
        let hi = wanted - 1;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (byScore(found[mid]!, hit) <= 0) lo = mid + 1;
          else hi = mid;
        }
        found.splice(lo, 0, hit);
        found.pop();
      }
    }
    return found.length < wanted ? found.sort(byScore) : found;
  }

  private fit(size: number): void {
    if (size <= this.shared.length) return;
    const grown = Math.max(size, this.shared.length * 2);
    this.shared = new Uint16Array(grown);
    this.sharedAuthor = new Uint16Array(grown);
  }
}

function without(list: number[] | undefined, id: number): void {
  if (!list) return;
  const at = list.indexOf(id);
  if (at >= 0) {
    list[at] = list[list.length - 1]!;
    list.pop();
  }
}
