import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { booksBySlugs } from '../catalogue/service.ts';
import { followFeed } from '../follows/service.ts';
import { recentReading } from '../progress/service.ts';
import type { ContinueItem, FeedItem } from './model.ts';

/** Books in progress on the home shelf and in /api/home. */
export const CONTINUE_LIMIT = 12;

/**
 * The reader's books in progress (user or anonymous session) and, for a signed-in reader, what the
 * people they follow are reading. Three queries whatever the sizes: progress, feed, and one
 * lookup of every book either list names.
 */
export async function homeFor(db: Db, reader: Reader, baseUrl: string): Promise<{ continueReading: ContinueItem[]; feed: FeedItem[] }> {
  const [progress, feedRows] = await Promise.all([
    recentReading(db, reader, CONTINUE_LIMIT),
    reader.kind === 'user' ? followFeed(db, reader.userId, baseUrl) : Promise.resolve([]),
  ]);
  const books = await booksBySlugs(db, [...progress.map((p) => p.slug), ...feedRows.map((f) => f.slug)]);
  const continueReading = progress.flatMap((p) => {
    const book = books.get(p.slug);
    return book ? [{ book, chapter: p.chapter, updated: p.updated, scroll: p.scroll }] : [];
  });
  const feed = feedRows.flatMap((f) => {
    const book = books.get(f.slug);
    return book ? [{ user: f.user, book, chapter: f.chapter, updated: f.updated }] : [];
  });
  return { continueReading, feed };
}
