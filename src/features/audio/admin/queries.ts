import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';
import type { CacheCursor } from './cursor.ts';
import type { Target } from '../queries.ts';

/**
 * The admin's view of audio_files. Pages walk audio_files_listing_idx (or, for one book,
 * audio_files_book_listing_idx; migration 001200) newest first; the book title comes in the same
 * query. books.has_audio follows deletions by trigger (migration 001000).
 */
export interface CacheRow {
  slug: string;
  title: string;
  chapter: number;
  voice: string;
  format: string;
  size_bytes: number;
  duration_seconds: number;
  created_at: Date;
  /** created_at to the microsecond, UTC, for the cursor. */
  created_exact: string;
}

function selectRows(db: Db) {
  return db
    .selectFrom('audio_files as f')
    .innerJoin('books as b', 'b.slug', 'f.slug')
    .select([
      'f.slug',
      'b.title',
      'f.chapter',
      'f.voice',
      'f.format',
      sql<number>`f.size_bytes::float8`.as('size_bytes'),
      'f.duration_seconds',
      'f.created_at',
      sql<string>`to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('created_exact'),
    ]);
}

/** At most `limit` rows after the cursor, newest first, optionally of one book. */
export function cachePage(db: Db, options: { limit: number; after?: CacheCursor; slug?: string }): Promise<CacheRow[]> {
  let query = selectRows(db)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.slug', 'desc')
    .orderBy('f.chapter', 'desc')
    .orderBy('f.voice', 'desc')
    .limit(options.limit);
  if (options.slug !== undefined) query = query.where('f.slug', '=', options.slug);
  const after = options.after;
  if (after) {
    query = query.where(
      sql<boolean>`(f.created_at, f.slug, f.chapter, f.voice) < (${after.created}::timestamptz, ${after.slug}, ${after.chapter}::int, ${after.voice})`,
    );
  }
  return query.execute();
}

/** The stored audio of one chapter and voice (primary key), with its book's title. */
export function cacheEntry(db: Db, t: Target): Promise<CacheRow | undefined> {
  return selectRows(db).where('f.slug', '=', t.slug).where('f.chapter', '=', t.chapter).where('f.voice', '=', t.voice).executeTakeFirst();
}

/** How many stored audio objects and how many bytes, in all or of one book. */
export async function cacheTotals(db: Db, slug?: string): Promise<{ count: number; total_bytes: number }> {
  let query = db.selectFrom('audio_files').select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(size_bytes), 0)::float8`.as('total_bytes')]);
  if (slug !== undefined) query = query.where('slug', '=', slug);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), total_bytes: Number(row.total_bytes) };
}

/** Removes the row of a chapter and voice; its object key, or null when there was none. */
export async function deleteCacheEntry(db: Db, t: Target): Promise<string | null> {
  const row = await db.deleteFrom('audio_files').where('slug', '=', t.slug).where('chapter', '=', t.chapter).where('voice', '=', t.voice).returning('object_key').executeTakeFirst();
  return row?.object_key ?? null;
}

/**
 * The `done` jobs of a chapter and voice describe audio that no longer exists once it is deleted:
 * without them the status endpoint answers 404 (nothing requested) instead of a `done` whose
 * presign would 404, and the next request starts a fresh job. Failed jobs stay as history.
 */
export async function forgetDoneJobs(db: Db, t: Target): Promise<void> {
  await db.deleteFrom('audio_jobs').where('slug', '=', t.slug).where('chapter', '=', t.chapter).where('voice', '=', t.voice).where('status', '=', 'done').execute();
}
