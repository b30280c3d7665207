import type { Cache } from '../../platform/cache/port.ts';
import { countCacheLookup } from '../../platform/http/metrics/registry.ts';
import { Lru } from './lru.ts';
import { secondSighting } from '../../platform/cache/second-sighting.ts';
import { CHAPTER_CHANGES } from '../catalogue/writes/announce.ts';
import { listenForChanges } from '../../platform/cache/change-listener.ts';

/** A cached value and what the page cache keys its renderings by. */
export interface ChapterEntry<V> {
  value: V;
  /** Unique per load in this process: renderings of an older load of the same chapter never match. */
  stamp: number;
  /** False when the load was not kept (not yet subscribed, or the book changed meanwhile). */
  kept: boolean;
}

export interface ChapterCache<V> {
  /** The cached value for (slug, n), else `load()`'s (concurrent misses share one load). */
  get(slug: string, n: number, load: () => Promise<V>): Promise<ChapterEntry<V>>;
  /** The cached value for (slug, n) when there is one (nothing is loaded). */
  peek(slug: string, n: number): V | undefined;
  /** Forgets every chapter of the book in this process. */
  dropBook(slug: string): void;
  /** Resolves once invalidations from other processes are heard; until then nothing is cached. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface ChapterCacheOptions<V> {
  weigh: (value: V) => number;
  maxEntries?: number;
  /** Budget of `weigh` units in this process. */
  maxWeight?: number;
  /** A safety net for rows changed directly in the database, which nobody announces. */
  ttlSeconds?: number;
  /** Keep a chapter only when it is asked for a second time within the last this many (cache/second-sighting.ts). */
  admitAfter?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

const key = (slug: string, n: number) => `${slug}\n${n}`;

/**
 * What a chapter page needs, kept in this process so that a hot chapter costs no database round
 * trip. Writers announce changes (announceChapterChange in catalogue/writes/announce.ts) on the shared cache's
 * pub/sub, which reaches every process; the TTL bounds how long an unannounced change can show.
 * Entries are only kept once the subscription is live, so no announcement can be missed by an
 * entry stored before it; a load that was running when a book changed is not kept either.
 */
export function createChapterCache<V>(cache: Cache, options: ChapterCacheOptions<V>): ChapterCache<V> {
  const ttlMs = (options.ttlSeconds ?? 60) * 1000;
  const now = options.now ?? Date.now;
  const report = options.onError ?? (() => {});
  const local = new Lru<{ entry: ChapterEntry<V>; slug: string; expiresAt: number }>(
    options.maxEntries ?? 5000,
    options.maxWeight ?? 64_000_000,
    (held) => options.weigh(held.entry.value),
  );
  const pending = new Map<string, Promise<ChapterEntry<V>>>();
  let stamps = 0;
  const admit = options.admitAfter ? secondSighting(options.admitAfter) : () => true;
  // Bumped by every change heard: a load that started under an older generation may be stale.
  let generation = 0;

  function dropBook(slug: string): void {
    generation++;
    local.deleteWhere((held) => held.slug === slug);
  }

  const changes = listenForChanges(cache, CHAPTER_CHANGES, dropBook, report);

  async function load(id: string, slug: string, loader: () => Promise<V>): Promise<ChapterEntry<V>> {
    const started = generation;
    const value = await loader();
    // Not kept from a load that raced a change; not stored before its second reading.
    const kept = changes.live && started === generation;
    const entry = { value, stamp: ++stamps, kept };
    if (kept && admit(id)) local.set(id, { entry, slug, expiresAt: now() + ttlMs });
    return entry;
  }

  return {
    async get(slug, n, loader) {
      const id = key(slug, n);
      const held = local.get(id);
      const hit = held !== undefined && held.expiresAt > now();
      countCacheLookup('chapter_data', hit);
      if (hit) return held.entry;
      // A request after a change never joins a load that started before it.
      const flight = `${id}\n${generation}`;
      let loading = pending.get(flight);
      if (!loading) {
        loading = load(id, slug, loader).finally(() => pending.delete(flight));
        pending.set(flight, loading);
      }
      return loading;
    },
    peek(slug, n) {
      const held = local.get(key(slug, n));
      return held !== undefined && held.expiresAt > now() ? held.entry.value : undefined;
    },
    dropBook,
    ready: changes.ready,
    close: () => changes.stop(),
  };
}
