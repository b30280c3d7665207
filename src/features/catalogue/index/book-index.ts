import type { Book, BrowseSort, Genre } from '../model.ts';
import { SearchIndex, compare } from './search-index.ts';
import type { SearchTerms } from '../search-terms.ts';

/**
 * Every book of the catalogue as one process holds it, for browse, rankings, genre counts and
 * search: a catalogue of 20,000 books is a few tens of megabytes, and a listing is then a walk
 * through a sorted array instead of a query. Kept current book by book (index/sync.ts), so the
 * orders are patched, not rebuilt, when a book changes.
 */

/** What the index keeps of a book: the listed shape, and what it is filtered and sorted by. */
export interface IndexedBook {
  slug: string;
  book: Book;
  description: string;
  genreSlugs: readonly string[];
  status: 'ongoing' | 'completed';
  hasAudio: boolean;
  reads7d: number;
  reads30d: number;
  ratingScore: number | null;
  /** Microseconds since the epoch, as the database keeps them (a Date would lose them). */
  createdUs: number;
  updatedUs: number;
  /** lower(title), the title order's key. */
  titleKey: string;
}

export interface BrowseFilter {
  genre: string | null;
  status: 'ongoing' | 'completed' | null;
  audio: boolean;
}

/** The same orders as queries.ts orderBooks: each ends on the slug, so no two books tie. */
const ORDERS: Record<BrowseSort, (a: IndexedBook, b: IndexedBook) => number> = {
  popular: (a, b) => b.reads7d - a.reads7d || b.reads30d - a.reads30d || compare(a.slug, b.slug),
  rating: (a, b) => (a.ratingScore === null ? (b.ratingScore === null ? 0 : 1) : b.ratingScore === null ? -1 : b.ratingScore - a.ratingScore) || compare(a.slug, b.slug),
  new: (a, b) => b.createdUs - a.createdUs || compare(a.slug, b.slug),
  updated: (a, b) => b.updatedUs - a.updatedUs || compare(a.slug, b.slug),
  title: (a, b) => compare(a.titleKey, b.titleKey) || compare(a.slug, b.slug),
};

/** Filtered orders kept at once (each genre × status × audio × sort asked for lately). */
const MAX_FILTERED = 256;
/** Past this many books changed at once, the orders are sorted again instead of patched. */
const PATCH_LIMIT = 200;

export class BookIndex {
  private readonly bySlug = new Map<string, number>();
  private readonly books: (IndexedBook | undefined)[] = [];
  private readonly free: number[] = [];
  private orders: Partial<Record<BrowseSort, number[]>> = {};
  /** Ids of each filtered order, made on first demand; emptied by any change. */
  private filtered = new Map<string, number[]>();
  private genreCounts: Map<string, number> | null = null;
  private search: SearchIndex;
  private ranks: Int32Array | null = null;

  constructor(books: readonly IndexedBook[], search?: SearchIndex) {
    for (const book of books) this.add(book);
    this.search = search ?? SearchIndex.build(this.entries());
  }

  /**
   * The same index, built a slice at a time with `pause()` between slices: building 20,000 books
   * takes most of a second of CPU, which would otherwise stall every request of the process.
   */
  static async build(books: readonly IndexedBook[], pause: () => Promise<void>): Promise<BookIndex> {
    // A new index numbers its books in order from 0.
    const search = await SearchIndex.buildInSlices(books.map((book, id): [number, Book] => [id, book.book]), pause);
    return new BookIndex(books, search);
  }

  get size(): number {
    return this.bySlug.size;
  }

  /** Replaces or adds these books and drops those slugs: the orders and the search follow. A slug in both is kept, as changed. */
  apply(changes: readonly IndexedBook[], removed: readonly string[]): void {
    if (changes.length === 0 && removed.length === 0) return;
    const changed = [...new Map(changes.map((book) => [book.slug, book])).values()]; // the last of a slug wins
    const patch = changed.length + removed.length <= PATCH_LIMIT;
    const idsBefore = new Map(changed.map((book) => [book.slug, this.bySlug.get(book.slug)]));
    for (const slug of [...removed, ...changed.map((b) => b.slug)]) {
      const id = this.bySlug.get(slug);
      if (id === undefined) continue;
      if (patch) for (const order of Object.values(this.orders)) removeId(order, id);
      this.search.remove(id);
      this.books[id] = undefined;
      this.bySlug.delete(slug);
      this.free.push(id);
    }
    for (const book of changed) {
      const id = this.add(book);
      this.search.put(id, book.book);
      if (!patch) continue;
      for (const [sort, order] of Object.entries(this.orders) as [BrowseSort, number[]][]) {
        order.splice(insertionPoint(order, id, (a, b) => ORDERS[sort](this.books[a]!, this.books[b]!)), 0, id);
      }
    }
    if (!patch) this.orders = {};
    // Slug ranks hold while every changed book kept its id and none came or went.
    if (removed.length > 0 || changed.some((book) => idsBefore.get(book.slug) !== this.bySlug.get(book.slug))) this.ranks = null;
    this.filtered = new Map();
    this.genreCounts = null;
  }

  /** A page of the filtered, sorted catalogue, and whether another follows. */
  browse(filter: BrowseFilter, sort: BrowseSort, offset: number, limit: number): { books: Book[]; hasMore: boolean } {
    const ids = this.filteredOrder(filter, sort);
    return { books: ids.slice(offset, offset + limit).map((id) => this.books[id]!.book), hasMore: ids.length > offset + limit };
  }

  /** The first `limit` books of an order, with what the ranking shows beside them. */
  ranking(sort: BrowseSort, limit: number): IndexedBook[] {
    return this.order(sort).slice(0, limit).map((id) => this.books[id]!);
  }

  /** Books per genre slug (a genre without books is absent). */
  countsByGenre(): Map<string, number> {
    if (!this.genreCounts) {
      const counts = new Map<string, number>();
      for (const book of this.books) if (book) for (const genre of book.genreSlugs) counts.set(genre, (counts.get(genre) ?? 0) + 1);
      this.genreCounts = counts;
    }
    return this.genreCounts;
  }

  /** Every genre of the list with its number of books. */
  genres(list: readonly { slug: string; name: string }[]): Genre[] {
    const counts = this.countsByGenre();
    return list.map((g) => ({ slug: g.slug, name: g.name, count: counts.get(g.slug) ?? 0 }));
  }

  /** A page of search results and whether another follows (search-index.ts). */
  find(terms: SearchTerms, offset: number, limit: number): { books: Book[]; hasMore: boolean } {
    const ids = this.search.search(terms, offset, limit + 1, this.slugRanks());
    return { books: ids.slice(0, limit).map((id) => this.books[id]!.book), hasMore: ids.length > limit };
  }

  /** Each id's place in slug order (made again after the slugs or their ids changed). */
  private slugRanks(): Int32Array {
    if (!this.ranks) {
      const ids = [...this.bySlug.entries()].sort((a, b) => compare(a[0], b[0]));
      const ranks = new Int32Array(this.books.length);
      ids.forEach(([, id], rank) => (ranks[id] = rank));
      this.ranks = ranks;
    }
    return this.ranks;
  }

  private add(book: IndexedBook): number {
    const id = this.free.pop() ?? this.books.length;
    this.books[id] = book;
    this.bySlug.set(book.slug, id);
    return id;
  }

  private *entries(): Iterable<[number, IndexedBook['book']]> {
    for (const [id, book] of this.books.entries()) if (book) yield [id, book.book];
  }

  private order(sort: BrowseSort): number[] {
    let order = this.orders[sort];
    if (!order) {
      order = [...this.bySlug.values()].sort((a, b) => ORDERS[sort](this.books[a]!, this.books[b]!));
      this.orders[sort] = order;
    }
    return order;
  }

  private filteredOrder(filter: BrowseFilter, sort: BrowseSort): number[] {
    if (!filter.genre && !filter.status && !filter.audio) return this.order(sort);
    const key = `${sort}\t${filter.genre ?? ''}\t${filter.status ?? ''}\t${filter.audio ? 1 : 0}`;
    let ids = this.filtered.get(key);
    if (ids) {
      this.filtered.delete(key); // to the young end
    } else {
      ids = this.order(sort).filter((id) => {
        const book = this.books[id]!;
        return (!filter.genre || book.genreSlugs.includes(filter.genre)) && (!filter.status || book.status === filter.status) && (!filter.audio || book.hasAudio);
      });
      if (this.filtered.size >= MAX_FILTERED) this.filtered.delete(this.filtered.keys().next().value!);
    }
    this.filtered.set(key, ids);
    return ids;
  }
}

function removeId(order: number[], id: number): void {
  const at = order.indexOf(id);
  if (at >= 0) order.splice(at, 1);
}

/** Where `id` goes in the sorted `order`. */
function insertionPoint(order: readonly number[], id: number, compareIds: (a: number, b: number) => number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareIds(order[mid]!, id) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
