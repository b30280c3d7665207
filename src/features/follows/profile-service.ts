import type { Db } from '../../platform/db/index.ts';
import { SHELVES, isShelf, type Shelf } from '../library/model.ts';
import { notFound } from '../../platform/http/errors.ts';
import { booksBySlugs } from '../catalogue/service.ts';
import { libraryOf } from '../library/service.ts';
import { recentReading } from '../progress/service.ts';
import type { Profile, PublicLibraryEntry, RecentItem } from './model.ts';
import type { ProfileUserRef } from './queries.ts';
import { profileFor, requireUser } from './service.ts';
import { readingStats, type ReadingStats } from '../stats/service.ts';

/** The 404 message of a private library (docs/api.md): the profile itself stays public. */
export const PRIVATE_LIBRARY = 'This library is private';
/** Books under "Recent reading" on a profile. */
export const RECENT_LIMIT = 8;

export type ShelfCounts = Record<Shelf, number>;

/**
 * Only the owner sees a private library. Administrators are treated like everyone else: this is
 * the readers' public face, not a moderation tool, and a reader who chose "private" expects it.
 */
function visibleTo(user: ProfileUserRef, viewerId: string | null): boolean {
  return !user.library_private || user.id === viewerId;
}

async function entriesOf(db: Db, userId: string, shelf?: Shelf): Promise<PublicLibraryEntry[]> {
  // Their place in each book is shown as the chapter only; scroll and audio time stay theirs.
  return (await libraryOf(db, userId, shelf)).map(({ book, shelf: on, progress }) => ({ book, shelf: on, chapter: progress?.chapter ?? null }));
}

/** GET /api/users/{username}/library: 404 for an unknown user, and for a private library unless it is one's own. */
export async function publicLibraryOf(db: Db, username: string, viewerId: string | null, shelf?: Shelf): Promise<PublicLibraryEntry[]> {
  const user = await requireUser(db, username);
  if (!visibleTo(user, viewerId)) throw notFound(PRIVATE_LIBRARY);
  return entriesOf(db, user.id, shelf);
}

/** What the user read lately (progress rows, newest first, bounded by progress_user_recent_idx) with their books. */
async function recentOf(db: Db, userId: string): Promise<RecentItem[]> {
  const progress = await recentReading(db, { kind: 'user', userId }, RECENT_LIMIT);
  const books = await booksBySlugs(db, progress.map((p) => p.slug));
  return progress.flatMap((p) => {
    const book = books.get(p.slug);
    return book ? [{ book, chapter: p.chapter, updated: p.updated }] : [];
  });
}

/** GET /api/users/{username}/stats: private like the library (the same 404 for others). */
export async function publicStatsOf(db: Db, username: string, viewerId: string | null, now: Date): Promise<ReadingStats> {
  const user = await requireUser(db, username);
  if (!visibleTo(user, viewerId)) throw notFound(PRIVATE_LIBRARY);
  return readingStats(db, user.id, now);
}

export interface ProfilePageData {
  profile: Profile;
  /** The viewer is this user. */
  own: boolean;
  isPrivate: boolean;
  /** Null when the library is private and the viewer is someone else (the statistics follow the library). */
  stats: ReadingStats | null;
  /** Null when the library is private and the viewer is someone else. */
  library: {
    recent: RecentItem[];
    /** The tab shown: the one asked for, else the first shelf with books, else "reading". */
    shelf: Shelf;
    entries: PublicLibraryEntry[];
    counts: ShelfCounts;
  } | null;
}

/**
 * Everything the profile page shows, a fixed number of queries whatever the library holds: the
 * user, their counts and follow state, recent progress and its books, the library and its books.
 * The whole library is read once and split into tabs here, so the counts need no query of their own.
 */
export async function profilePageOf(db: Db, username: string, viewerId: string | null, baseUrl: string, wanted: string | undefined, now: Date): Promise<ProfilePageData> {
  const user = await requireUser(db, username);
  const own = user.id === viewerId;
  if (!visibleTo(user, viewerId)) {
    return { profile: await profileFor(db, user, viewerId, baseUrl), own, isPrivate: true, stats: null, library: null };
  }
  const [profile, recent, all, stats] = await Promise.all([profileFor(db, user, viewerId, baseUrl), recentOf(db, user.id), entriesOf(db, user.id), readingStats(db, user.id, now)]);
  const counts = Object.fromEntries(SHELVES.map((s) => [s, 0])) as ShelfCounts;
  for (const entry of all) counts[entry.shelf] += 1;
  const shelf = isShelf(wanted) ? wanted : (SHELVES.find((s) => counts[s] > 0) ?? 'reading');
  return { profile, own, isPrivate: user.library_private, stats, library: { recent, shelf, entries: all.filter((e) => e.shelf === shelf), counts } };
}
