import type { Cache } from '../../../platform/cache/port.ts';
import { bumpCatalogueVersion } from '../version.ts';

/** The pub/sub channel on which writers announce a changed book (message: its slug); the reader's chapter cache listens. */
export const CHAPTER_CHANGES = 'reader:chapter-changed';

/**
 * Every writer of books or chapters (editing, scraping, import, AI titles, direct fixes) must call
 * this after its change is committed: every process drops the book's cached chapter pages.
 * Unannounced changes show after at most the cache's TTL (60 s).
 */
export async function announceChapterChange(cache: Pick<Cache, 'publish'> | { publish(channel: string, message: string): void }, slug: string): Promise<void> {
  // A job worker thread passes its ctx: the runner publishes on the shared cache for it.
  await cache.publish(CHAPTER_CHANGES, slug);
  await bumpCatalogueVersion(cache); // listings show the book too (catalogue/version.ts)
}
