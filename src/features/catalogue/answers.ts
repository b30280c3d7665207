import type { Cache } from '../../platform/cache/port.ts';
import { countCacheLookup } from '../../platform/http/metrics/registry.ts';

/**
 * The catalogue's version: any change to what a listing shows (a book added or edited, a chapter,
 * a cover, audio, a rating, the popularity counts) moves it, and every cached answer is keyed by
 * the version it was made under, so a change retires all of them at once without finding them.
 */
export const CATALOGUE_VERSION_KEY = 'catalogue:version';
/** Asks every process to move the version (writers without a cache of their own: job workers). */
export const CATALOGUE_CHANGES = 'catalogue:changed';
/** incr needs a TTL; entries live 60 s, so a version that restarts after a month meets none of its old ones. */
const VERSION_TTL_SECONDS = 30 * 24 * 3600;

/** The shared cache, or a job's ctx (which can only publish, through the runner). */
export type CatalogueAnnouncer = Pick<Cache, 'incr' | 'publish'> | { publish(channel: string, message: string): void };

/**
 * Every writer of something a listing shows calls this after its commit (announceChapterChange in
 * reader/service.ts does, for every book and chapter writer). With a cache at hand the shared
 * version moves before the writer answers, so the writer's next request, on any instance, sees
 * the change. A job worker has only ctx.publish: every process hears the message and moves the
 * version itself (so do the others after a direct increment: with the in-process cache and
 * PostgreSQL channels each process has its own version, and extra increments only cost misses).
 * Never throws: the change is committed; with the cache away, answers are read through anyway.
 */
export async function bumpCatalogueVersion(cache: CatalogueAnnouncer): Promise<void> {
  try {
    if ('incr' in cache) await cache.incr(CATALOGUE_VERSION_KEY, VERSION_TTL_SECONDS);
    await cache.publish(CATALOGUE_CHANGES, 'changed');
  } catch {
    // The 60 s lifetime of every answer bounds what an unannounced change can leave behind.
  }
}

export interface CatalogueAnswers {
  /** The answer cached under `key` for the current catalogue version, else `load()`'s (concurrent misses share one load). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The answer cached under `key` for the current version, if any: nothing is loaded. */
  peek<T>(key: string): Promise<T | undefined>;
  /**
   * The current catalogue version, read from the shared cache (never remembered), or null while
   * the cache is away: then nothing may be cached under it. Rendered listing pages key on it.
   */
  version(): Promise<string | null>;
  close(): Promise<void>;
}

const sharedKeyOf = (id: string) => `catalogue:answer:${id.replace('\n', ':')}`;

export interface CatalogueAnswersOptions {
  ttlSeconds?: number;
  /** Answers kept in this process (a page of 24 books is ~20 KB of objects). */
  maxEntries?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Browse, ranking and search answers (the book rows of a page), keyed by the normalised query.
 * Shared between processes through the cache (Redis when configured), with a small LRU in this
 * process in front so a hot page costs neither a database query nor parsing a cached copy.
 *
 * The version is read from the shared cache once per request, never remembered between requests:
 * a local entry is good only for the version it was made under, and a write on another instance
 * must show on the very next request anywhere (a reader rates a book, the page reloads on another
 * instance). That read is one small GET (nothing at all with the in-process cache) against the two
 * to three database queries of a page. When the cache is away, answers are read through.
 *
 * Stale answers cannot be stored under a newer version: the version is read before the database,
 * and writers move it after their commit. The TTL is the safety net for changes made directly in
 * the database, which nobody announces. Search terms are unbounded, so entries stay short-lived.
 */
export function createCatalogueAnswers(cache: Cache, options: CatalogueAnswersOptions = {}): CatalogueAnswers {
  const ttlSeconds = options.ttlSeconds ?? 60;
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  const report = options.onError ?? (() => {});
  // Map order is insertion order: a hit is re-inserted at the young end, the oldest key goes first.
  const local = new Map<string, { value: unknown; expiresAt: number }>();
  const pending = new Map<string, Promise<unknown>>();

  const remember = (id: string, value: unknown) => {
    local.delete(id);
    local.set(id, { value, expiresAt: now() + ttlSeconds * 1000 });
    while (local.size > maxEntries) local.delete(local.keys().next().value!);
  };

  async function fill<T>(sharedKey: string, load: () => Promise<T>): Promise<T> {
    const shared = await cache.get(sharedKey).catch((error) => (report(error), null));
    countCacheLookup('catalogue_answer_shared', shared !== null);
    if (shared !== null) return JSON.parse(shared) as T;
    const value = await load();
    // Awaited, so that another instance finds it at once; a failed write only costs its next miss.
    await cache.set(sharedKey, JSON.stringify(value), ttlSeconds).catch(report);
    return value;
  }

  const subscription = cache
    .subscribe(CATALOGUE_CHANGES, () => {
      local.clear();
      cache.incr(CATALOGUE_VERSION_KEY, VERSION_TTL_SECONDS).catch(report);
    })
    .catch((error) => (report(error), null));

  async function version(): Promise<string | null> {
    try {
      return (await cache.get(CATALOGUE_VERSION_KEY)) ?? '0';
    } catch (error) {
      report(error);
      return null;
    }
  }

  return {
    version,
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const current = await version();
      if (current === null) return load();
      const id = `${current}\n${key}`;
      const held = local.get(id);
      const hit = held !== undefined && held.expiresAt > now();
      countCacheLookup('catalogue_answer', hit);
      if (hit) {
        local.delete(id);
        local.set(id, held);
        return held.value as T;
      }
      let loading = pending.get(id) as Promise<T> | undefined;
      if (!loading) {
        loading = fill(sharedKeyOf(id), load).finally(() => pending.delete(id));
        pending.set(id, loading);
      }
      const value = await loading;
      remember(id, value);
      return value;
    },
    async peek<T>(key: string): Promise<T | undefined> {
      const current = await version();
      if (current === null) return undefined;
      const id = `${current}\n${key}`;
      const held = local.get(id);
      if (held !== undefined && held.expiresAt > now()) return held.value as T;
      const shared = await cache.get(sharedKeyOf(id)).catch((error) => (report(error), null));
      return shared === null ? undefined : (JSON.parse(shared) as T);
    },
    async close() {
      const unsubscribe = await subscription;
      await unsubscribe?.().catch(report);
    },
  };
}
