import type { Db } from '../../../platform/db/index.ts';
import { coverPath, ratingAverage, withLanguage } from '../book.ts';
import { BookIndex, type IndexedBook } from './book-index.ts';
import { genreList, horizonAndRemovals, indexRows, type IndexRow } from './queries.ts';

/**
 * Keeps this process's catalogue index (book-index.ts) as current as the catalogue itself.
 *
 * Every writer of what a listing shows moves the catalogue version after its commit (answers.ts);
 * each request reads the version (one small GET of the shared cache) and, when it moved, first
 * applies what changed since the index last looked (index/queries.ts: the rows stamped since its
 * horizon, and the removals). So a write shows on the very next request on any process, as the
 * answer cache guaranteed before, and several web processes on one database never disagree for
 * longer than a request. With the shared cache away, every request looks. A request a few
 * seconds after the last look starts one in the background, which catches changes nobody
 * announced (a fix in psql), and a full reload now and then is the last safety net. Nothing runs
 * between requests, so an idle or stopped process does no work.
 */
export interface CatalogueIndexSource {
  /** The index with every change announced before this call applied. */
  current(): Promise<CatalogueSnapshot>;
}

export interface CatalogueSnapshot {
  books: BookIndex;
  /** Every genre by name, as the browse filters list them. */
  genres: readonly { slug: string; name: string }[];
  /** Moves with every applied change: rendered pages key on it. */
  stamp: number;
}

export interface CatalogueIndexOptions {
  /** The catalogue version now, or null while the shared cache is away (answers.ts). */
  version: () => Promise<string | null>;
  /** How long changes nobody announced may go unseen (ms): a request after that looks, in the background. */
  lookEveryMs?: number;
  /** How often the whole index is read again (ms), in the background of a request. */
  reloadEveryMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export function indexedBookOf(row: IndexRow): IndexedBook {
  return {
    slug: row.slug,
    book: withLanguage(row.language, {
      slug: row.slug,
      title: row.title,
      author: row.author,
      cover_url: coverPath(row.cover_key),
      description: row.description,
      genres: row.genre_names,
      status: row.status,
      chapter_count: row.chapter_count,
      rating_avg: ratingAverage(row.rating_sum, row.rating_count),
      rating_count: row.rating_count,
      has_audio: row.has_audio,
    }),
    description: row.description,
    genreSlugs: row.genre_slugs,
    status: row.status,
    hasAudio: row.has_audio,
    reads7d: row.reads_7d,
    reads30d: row.reads_30d,
    ratingScore: row.rating_score,
    createdUs: row.created_us,
    updatedUs: row.updated_us,
    titleKey: row.title.toLowerCase(),
  };
}

/** Lets the requests waiting meanwhile run (a macrotask: promise callbacks alone would not let I/O in). */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createCatalogueIndex(db: Db, options: CatalogueIndexOptions): CatalogueIndexSource {
  const report = options.onError ?? (() => {});
  const now = options.now ?? Date.now;
  const lookEveryMs = options.lookEveryMs ?? 5000;
  const reloadEveryMs = options.reloadEveryMs ?? 10 * 60 * 1000;
  let lastLook = now();
  let lastLoad = now();
  let snapshot: CatalogueSnapshot | null = null;
  /** The oldest transaction running when the index last looked: changes are read from there. */
  let horizon: string | null = null;
  /** The catalogue version read before the last look began: every change announced by then is in. */
  let seenVersion: string | null = null;
  let stamp = 0;

  /** Reads the whole catalogue. */
  async function load(): Promise<void> {
    const version = await options.version();
    const { horizon: next } = await horizonAndRemovals(db, null);
    const [rows, genres] = await Promise.all([indexRows(db, null), genreList(db)]);
    const books = await BookIndex.build(rows.map(indexedBookOf), pause);
    snapshot = { books, genres, stamp: ++stamp };
    horizon = next;
    seenVersion = version;
    lastLoad = lastLook = now();
  }

  /** Applies what changed since the last look (or loads everything the first time). */
  async function look(): Promise<void> {
    if (!snapshot) return load();
    const version = await options.version();
    const { horizon: next, removed } = await horizonAndRemovals(db, horizon);
    const [rows, genres] = await Promise.all([indexRows(db, horizon), genreList(db)]);
    horizon = next;
    seenVersion = version;
    lastLook = now();
    if (rows.length === 0 && removed.length === 0 && sameGenres(snapshot.genres, genres)) return;
    snapshot.books.apply(rows.map(indexedBookOf), removed);
    snapshot = { books: snapshot.books, genres, stamp: ++stamp };
  }

  // Looks and reloads run one after another. A caller joins a look that has not started yet (it
  // will see everything announced before the call); once it has started, the caller waits for the next.
  let chain: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  const serial = (task: () => Promise<void>) => {
    const run = chain.then(task);
    chain = run.catch(() => {});
    return run;
  };
  function refresh(): Promise<void> {
    waiting ??= serial(() => {
      waiting = null;
      return look();
    });
    return waiting;
  }

  // Loaded in the background from the start, so the first listing does not wait for all of it.
  refresh().catch(report);

  return {
    async current() {
      const version = snapshot ? await options.version() : null;
      if (!snapshot) await refresh();
      else if (version === null || version !== seenVersion) {
        // A look that fails (the database away) leaves the last index in service: listings stay up.
        await refresh().catch(report);
      } else if (now() - lastLoad > reloadEveryMs) {
        lastLoad = now();
        serial(load).catch(report);
      } else if (now() - lastLook > lookEveryMs) {
        lastLook = now();
        refresh().catch(report);
      }
      return snapshot!;
    },
  };
}

function sameGenres(a: readonly { slug: string; name: string }[], b: readonly { slug: string; name: string }[]): boolean {
  return a.length === b.length && a.every((g, i) => g.slug === b[i]!.slug && g.name === b[i]!.name);
}
