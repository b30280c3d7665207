import type { TrigramDictionary } from './trigrams.ts';

/**
 * One side of the typo index (titles, or authors): each distinct text once, with its trigram
 * numbers in order, the books that have it, and per trigram the texts holding it. Many books share
 * an author, and series share titles: a text is compared once per search, whatever its books.
 */
export class TypoTexts {
  private readonly idOf = new Map<string, number>();
  private readonly free: number[] = [];
  /** Per text id: its trigram numbers in order, and its books (undefined: a free id). */
  readonly sequences: (Int32Array | undefined)[] = [];
  /** Per text id: 1 at each position where a trigram occurs for the first time in the text. */
  readonly firsts: (Uint8Array | undefined)[] = [];
  readonly books: number[][] = [];
  /** Per trigram number, the texts holding it. */
  readonly postings: number[][] = [];
  /** Per text id, the first slug rank among its books, and the ranks it was found under (0: none). */
  private firstRank = new Int32Array(0);
  private firstRankUnder = new Int32Array(0);

  constructor(private readonly dictionary: TrigramDictionary) {}

  get size(): number {
    return this.sequences.length;
  }

  /** How many texts hold trigram `t` (-1: a trigram no text has). */
  postingCount(t: number): number {
    return t < 0 ? 0 : (this.postings[t]?.length ?? 0);
  }

  /**
   * The first place in slug order among the text's books, for `ranks` (each id's place in slug
   * order), which `ranksVersion` names: kept until the ranks or the text's books change.
   */
  firstSlugRank(text: number, ranks: Int32Array, ranksVersion: number): number {
    if (this.firstRankUnder.length < this.sequences.length) {
      const size = Math.max(this.sequences.length, this.firstRankUnder.length * 2);
      this.firstRank = new Int32Array(size);
      this.firstRankUnder = new Int32Array(size);
    }
    if (this.firstRankUnder[text] !== ranksVersion) {
      let first = ranks.length;
      for (const book of this.books[text]!) first = Math.min(first, ranks[book]!);
      this.firstRank[text] = first;
      this.firstRankUnder[text] = ranksVersion;
    }
    return this.firstRank[text]!;
  }

  /** Adds `book` to `text`, and returns the text's id. */
  add(text: string, book: number): number {
    let id = this.idOf.get(text);
    if (id === undefined) {
      id = this.free.pop() ?? this.sequences.length;
      this.idOf.set(text, id);
      const sequence = this.dictionary.numbered(text);
      this.sequences[id] = sequence;
      this.firsts[id] = firstOccurrences(sequence);
      this.books[id] = [];
      for (const t of new Set(sequence)) (this.postings[t] ??= []).push(id);
    }
    this.books[id]!.push(book);
    if (id < this.firstRankUnder.length) this.firstRankUnder[id] = 0;
    return id;
  }

  /** Takes `book` off `text`; a text left without books is forgotten. */
  drop(text: string, book: number): void {
    const id = this.idOf.get(text);
    if (id === undefined) return;
    const books = this.books[id]!;
    withoutItem(books, book);
    if (id < this.firstRankUnder.length) this.firstRankUnder[id] = 0;
    if (books.length > 0) return;
    for (const t of new Set(this.sequences[id]!)) withoutItem(this.postings[t], id);
    this.idOf.delete(text);
    this.sequences[id] = undefined;
    this.firsts[id] = undefined;
    this.free.push(id);
  }
}

function firstOccurrences(sequence: Int32Array): Uint8Array {
  const seen = new Set<number>();
  const firsts = new Uint8Array(sequence.length);
  for (let i = 0; i < sequence.length; i++) {
    if (seen.has(sequence[i]!)) continue;
    seen.add(sequence[i]!);
    firsts[i] = 1;
  }
  return firsts;
}

/** Removes one `item` from an unordered list. */
function withoutItem(list: number[] | undefined, item: number): void {
  if (!list) return;
  const at = list.indexOf(item);
  if (at >= 0) {
    list[at] = list[list.length - 1]!;
    list.pop();
  }
}
