import type { Cache } from '../../platform/cache/port.ts';

/**
 * The catalogue's version: any change to what a listing shows (a book added or edited, a chapter,
 * a cover, audio, a rating, the popularity counts) moves it. Each process's catalogue index looks
 * for changes when it moved (index/sync.ts), and rendered listing pages are keyed by the version
 * they were made under, so a change retires all of them at once without finding them.
 */
export const CATALOGUE_VERSION_KEY = 'catalogue:version';
/** Asks every process to move the version (writers without a cache of their own: job workers). */
export const CATALOGUE_CHANGES = 'catalogue:changed';
/** incr needs a TTL; pages live 60 s, so a version that restarts after a month meets none of its old ones. */
const VERSION_TTL_SECONDS = 30 * 24 * 3600;

/** The shared cache, or a job's ctx (which can only publish, through the runner). */
export type CatalogueAnnouncer = Pick<Cache, 'incr' | 'publish'> | { publish(channel: string, message: string): void };

/**
 * Every writer of something a listing shows calls this after its commit (announceChapterChange in
 * writes/announce.ts does, for every book and chapter writer). With a cache at hand the shared
 * version moves before the writer answers, so the writer's next request, on any instance, sees
 * the change. A job worker has only ctx.publish: every process hears the message and moves the
 * version itself (so do the others after a direct increment: with the in-process cache and
 * PostgreSQL channels each process has its own version, and extra increments only cost misses).
 * Never throws: the change is committed; with the cache away, every process looks for changes on every request.
 */
export async function bumpCatalogueVersion(cache: CatalogueAnnouncer): Promise<void> {
  try {
    if ('incr' in cache) await cache.incr(CATALOGUE_VERSION_KEY, VERSION_TTL_SECONDS);
    await cache.publish(CATALOGUE_CHANGES, 'changed');
  } catch {
    // The index looks for changes every few seconds anyway (index/sync.ts).
  }
}

export interface CatalogueVersion {
  /**
   * The current catalogue version, read from the shared cache (never remembered), or null while
   * the cache is away. The catalogue index (index/sync.ts) looks for changes when it moved, and
   * rendered listing pages key on it.
   */
  current(): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The catalogue version as this process reads it. Subscribed to the change announcements of job
 * workers (CATALOGUE_CHANGES), which cannot move the shared version themselves: every process
 * hears them and moves it (with the in-process cache and PostgreSQL channels each process has its
 * own version, and extra increments only cost a look at what changed).
 */
export function createCatalogueVersion(cache: Cache, onError: (error: unknown) => void = () => {}): CatalogueVersion {
  const subscription = cache
    .subscribe(CATALOGUE_CHANGES, () => {
      cache.incr(CATALOGUE_VERSION_KEY, VERSION_TTL_SECONDS).catch(onError);
    })
    .catch((error) => (onError(error), null));

  return {
    async current() {
      try {
        return (await cache.get(CATALOGUE_VERSION_KEY)) ?? '0';
      } catch (error) {
        onError(error);
        return null;
      }
    },
    async close() {
      const unsubscribe = await subscription;
      await unsubscribe?.().catch(onError);
    },
  };
}
