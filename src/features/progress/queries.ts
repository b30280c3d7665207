import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';

export interface ProgressRow {
  slug: string;
  chapter: number;
  scroll: number;
  audio_time: number;
  updated_at: Date | string;
}

export interface ProgressWrite {
  slug: string;
  chapter: number;
  scroll?: number;
  audioTime?: number;
  at: Date;
}

const COLUMNS = ['slug', 'chapter', 'scroll', 'audio_time', 'updated_at'] as const;

function ownedBy(reader: Reader) {
  return reader.kind === 'user'
    ? sql`user_id = ${reader.userId}`
    : sql`session_id = ${reader.sessionId} and user_id is null`;
}

export async function findProgress(db: Db, reader: Reader, slug: string): Promise<ProgressRow | null> {
  const row = await db.selectFrom('progress').select(COLUMNS).where(ownedBy(reader) as never).where('slug', '=', slug).executeTakeFirst();
  return row ?? null;
}

/** Most recently read first: the continue-reading shelf. */
export async function recentProgress(db: Db, reader: Reader, limit: number): Promise<ProgressRow[]> {
  return db.selectFrom('progress').select(COLUMNS).where(ownedBy(reader) as never).orderBy('updated_at', 'desc').orderBy('slug').limit(limit).execute();
}

/**
 * One row per reader and book, last write wins by timestamp: the update applies only when the
 * write is at least as new as the stored row, so a device that was offline cannot roll progress
 * back. Scroll resets when the chapter changes and is not given; audio time likewise.
 * Returns the row as stored after the write and whether this write was applied.
 */
export async function writeProgress(db: Db, reader: Reader, write: ProgressWrite): Promise<{ row: ProgressRow; applied: boolean }> {
  const owner = reader.kind === 'user' ? { user_id: reader.userId, session_id: null } : { user_id: null, session_id: reader.sessionId };
  const target = reader.kind === 'user' ? sql`(user_id, slug) where user_id is not null` : sql`(session_id, slug) where user_id is null`;
  const scroll = write.scroll ?? null;
  const audio = write.audioTime ?? null;
  const applied = await sql<ProgressRow>`
    insert into progress (user_id, session_id, slug, chapter, scroll, audio_time, updated_at)
    values (${owner.user_id}, ${owner.session_id}, ${write.slug}, ${write.chapter}, ${scroll ?? 0}, ${audio ?? 0}, ${write.at})
    on conflict ${target} do update set
      chapter = excluded.chapter,
      scroll = coalesce(${scroll}::real, case when progress.chapter = excluded.chapter then progress.scroll else 0 end),
      audio_time = coalesce(${audio}::real, case when progress.chapter = excluded.chapter then progress.audio_time else 0 end),
      updated_at = excluded.updated_at
    where progress.updated_at <= excluded.updated_at
    returning slug, chapter, scroll, audio_time, updated_at`.execute(db);
  if (applied.rows[0]) return { row: applied.rows[0], applied: true };
  return { row: (await findProgress(db, reader, write.slug))!, applied: false };
}

export async function deleteProgress(db: Db, reader: Reader, slug: string): Promise<boolean> {
  const result = await db.deleteFrom('progress').where(ownedBy(reader) as never).where('slug', '=', slug).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
