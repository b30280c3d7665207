import { SimilarityScratch, TrigramDictionary } from './trigrams.ts';
import { placeInWindow } from './sorted-window.ts';
import { TypoTexts } from './typo-texts.ts';

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
 * at most the share of the typed trigrams found in the text, so only texts holding at least half
 * of them are compared, each distinct title or author once, most-shared first: once the page is
 * full of books closer than any remaining text could be, the rest are never compared.
 */
const TITLE = 0;
const AUTHOR = 1;
type Side = typeof TITLE | typeof AUTHOR;
const SIDES = [TITLE, AUTHOR] as const;
const RANK = 2 ** 24;
/** Scores are ratios of small counts rounded to single precision: equal within this, distinct far apart. */
const SCORE_MARGIN = 1e-7;
/** Counting a candidate's shared trigrams from its text costs about this many postings read. */
const COUNT_FROM_TEXT_COST = 12;

interface Hit {
  id: number;
  score: number;
}

export class TypoIndex {
  private readonly dictionary = new TrigramDictionary();
  private readonly scratch = new SimilarityScratch();
  /** Titles and authors, each distinct text once (typo-texts.ts). */
  private readonly sides = [new TypoTexts(this.dictionary), new TypoTexts(this.dictionary)] as const;
  /** Per book id: its title and author, and their text ids on each side. */
  private readonly bookTexts: ({ title: string; author: string; ids: [number, number] } | undefined)[] = [];
  // Per search, by text id on each side: typed trigrams shared, and the similarity once compared.
  private shared = [new Uint16Array(1024), new Uint16Array(1024)];
  private comparedAt = [new Int32Array(1024), new Int32Array(1024)];
  private similarity = [new Float32Array(1024), new Float32Array(1024)];
  /** Per book id, the search that last ranked it. */
  private rankedAt = new Int32Array(1024);
  private generation = 0;
  private readonly ranksVersions = new WeakMap<Int32Array, number>();
  private lastRanksVersion = 0;

  put(id: number, title: string, author: string): void {
    this.remove(id);
    const ids: [number, number] = [this.sides[TITLE].add(title, id), this.sides[AUTHOR].add(author, id)];
    this.bookTexts[id] = { title, author, ids };
  }

  remove(id: number): void {
    const old = this.bookTexts[id];
    if (!old) return;
    this.bookTexts[id] = undefined;
    this.sides[TITLE].drop(old.title, id);
    this.sides[AUTHOR].drop(old.author, id);
  }

  /**
   * Books within a typo of `typed` that `accept` lets through, best first by similarity then by
   * slug (`slugRanks`: each id's place in slug order); enough to be sure of the first `wanted`
   * (all of them when fewer are that close).
   */
  near(typed: string, wanted: number, accept: (id: number) => boolean, slugRanks: Int32Array): Hit[] {
    const query = this.dictionary.known(typed);
    if (query.length === 0) return [];
    this.scratch.setQuery(query, this.dictionary.size);
    const need = Math.ceil(query.length * TYPO_SIMILARITY);
    this.fit();
    const generation = ++this.generation;
    const ranksVersion = this.versionOf(slugRanks);
    // Candidate texts by the most typed trigrams they share: the best a text can reach is
    // shared / typed. Each is kept as one number that sorts by the first slug among its books:
    // that slug's rank, the text and its side (text ids below 2^23).
    const byShared: number[][] = [];
    const touchedBySide = [this.countShared(TITLE, query, need), this.countShared(AUTHOR, query, need)];
    for (const side of SIDES) {
      const shared = this.shared[side]!;
      for (const text of touchedBySide[side]!) {
        const count = shared[text]!;
        if (count < need || !this.scratch.mayReach(this.sides[side].sequences[text]!, this.sides[side].firsts[text]!, TYPO_SIMILARITY)) {
          shared[text] = 0;
          continue;
        }
        (byShared[count] ??= []).push(this.sides[side].firstSlugRank(text, slugRanks, ranksVersion) * RANK + text * 2 + side);
      }
    }
    const found: Hit[] = [];
    const byScore = (a: Hit, b: Hit) => b.score - a.score || slugRanks[a.id]! - slugRanks[b.id]!;
    try {
      // Most shared first, and within the same count by first slug: once the page is full of books
      // closer than the next text can be, or as close and before all its books in slug order, no
      // later book can enter (a common word such as "the" ties thousands of titles at one score).
      for (let most = byShared.length - 1; most >= need; most--) {
        const bucket = byShared[most];
        if (!bucket) continue;
        const bound = Math.fround(most / query.length);
        if (found.length >= wanted && bound < found[wanted - 1]!.score) break;
        const keys = Float64Array.from(bucket).sort();
        for (let k = 0; k < keys.length; k++) {
          const key = keys[k]!;
          const firstSlug = Math.floor(key / RANK);
          const side = (key % 2) as Side;
          const text = (key % RANK) >>> 1;
          if (found.length >= wanted) {
            const last = found[wanted - 1]!;
            const after = firstSlug > slugRanks[last.id]!;
            if (bound < last.score || (bound === last.score && after)) return found;
            // Its books enter only past the last score, or at it when before it in slug order (the
            // margin: scores are single precision, and distinct scores lie far further apart).
            if (!this.scratch.mayReach(this.sides[side].sequences[text]!, this.sides[side].firsts[text]!, after ? last.score + SCORE_MARGIN : last.score - SCORE_MARGIN)) continue;
          }
          const score = this.compared(side, text);
          if (score < TYPO_SIMILARITY) continue;
          for (const id of this.sides[side].books[text]!) {
            if (this.rankedAt[id] === generation) continue;
            this.rankedAt[id] = generation;
            if (!accept(id)) continue;
            // A book's score is its closer side: the other may be the closer one.
            const other = (1 - side) as Side;
            const otherText = this.bookTexts[id]!.ids[other]!;
            const hit = { id, score: this.shared[other]![otherText]! >= need ? Math.max(score, this.compared(other, otherText)) : score };
            if (found.length < wanted) {
              found.push(hit);
              if (found.length === wanted) found.sort(byScore);
            } else if (byScore(hit, found[wanted - 1]!) < 0) placeInWindow(found, hit, byScore);
          }
        }
      }
      return found.length < wanted ? found.sort(byScore) : found;
    } finally {
      for (const side of SIDES) for (const text of touchedBySide[side]!) this.shared[side]![text] = 0;
    }
  }

  /** A number for each slug order searched with (a new order comes with every change of slugs). */
  private versionOf(ranks: Int32Array): number {
    let version = this.ranksVersions.get(ranks);
    if (version === undefined) this.ranksVersions.set(ranks, (version = ++this.lastRanksVersion));
    return version;
  }

  /** The similarity of the typed text to text `text` of `side`, compared once per search. */
  private compared(side: Side, text: number): number {
    const at = this.comparedAt[side]!;
    if (at[text] !== this.generation) {
      at[text] = this.generation;
      this.similarity[side]![text] = this.scratch.similarityTo(this.sides[side].sequences[text]!);
    }
    return this.similarity[side]![text]!;
  }

  /**
   * The texts of `side` that may share `need` of the typed trigrams, with how many they share left
   * in `shared[side]` (the caller resets them). Two ways, whichever reads less: count every posting
   * of every typed trigram; or, since a text sharing `need` of the `q` typed trigrams misses at
   * most q − need of them, take as candidates only the texts holding one of the q − need + 1
   * rarest, and count each one's shared trigrams from its own sequence. The second is much cheaper
   * when a typo leaves a few rare trigrams beside common ones ("  m", "or ").
   */
  private countShared(side: Side, query: readonly number[], need: number): number[] {
    const texts = this.sides[side];
    const shared = this.shared[side]!;
    const byRarity = [...query].sort((a, b) => texts.postingCount(a) - texts.postingCount(b));
    const rare = byRarity.slice(0, query.length - need + 1);
    const everyPosting = query.reduce((sum, t) => sum + texts.postingCount(t), 0);
    const rarePostings = rare.reduce((sum, t) => sum + texts.postingCount(t), 0);
    const touched: number[] = [];
    if (rarePostings * COUNT_FROM_TEXT_COST < everyPosting) {
      for (const t of rare) {
        const list = t < 0 ? undefined : texts.postings[t];
        if (!list) continue;
        for (let i = 0; i < list.length; i++) {
          const text = list[i]!;
          // It shares this trigram at least: a counted text is never counted again.
          if (shared[text] !== 0) continue;
          shared[text] = this.scratch.sharedCount(texts.sequences[text]!);
          touched.push(text);
        }
      }
      return touched;
    }
    // Indexed loops: these run over every posting of every typed trigram, thousands per search.
    for (let q = 0; q < query.length; q++) {
      const t = query[q]!;
      const list = t < 0 ? undefined : texts.postings[t];
      if (!list) continue;
      for (let i = 0; i < list.length; i++) {
        const text = list[i]!;
        if (shared[text]!++ === 0) touched.push(text);
      }
    }
    return touched;
  }

  private fit(): void {
    for (const side of SIDES) {
      const size = this.sides[side].size;
      if (size <= this.shared[side]!.length) continue;
      const grown = Math.max(size, this.shared[side]!.length * 2);
      this.shared[side] = new Uint16Array(grown);
      this.comparedAt[side] = new Int32Array(grown);
      this.similarity[side] = new Float32Array(grown);
    }
    if (this.bookTexts.length > this.rankedAt.length) this.rankedAt = new Int32Array(Math.max(this.bookTexts.length, this.rankedAt.length * 2));
  }
}
