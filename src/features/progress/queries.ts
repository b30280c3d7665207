import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { preparedAs } from '../../platform/db/prepared.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { LOOK_BACK_SETTLES_AFTER_SECONDS, LOOK_BACK_SETTLES_AT_SCROLL } from './reading-place.ts';

/** The reading place (chapter, scroll) and the furthest point the reader ever reached. */
export interface ProgressRow {
  slug: string;
  chapter: number;
  scroll: number;
  audio_time: number;
  updated_at: Date | string;
  furthest_chapter: number;
  furthest_scroll: number;
  /** A pending look-back's chapter and its own audio position (reading-place.ts); not part of the API's progress. */
  back_chapter: number | null;
  back_audio: number | null;
}

export interface ProgressWrite {
  slug: string;
  chapter: number;
  scroll?: number;
  audioTime?: number;
  at: Date;
}

// The furthest columns by name: they are not in platform/db/schema.ts's ProgressTable.
const COLUMNS = ['slug', 'chapter', 'scroll', 'audio_time', 'updated_at', 'furthest_chapter', 'furthest_scroll', 'back_chapter', 'back_audio'] as const;

function ownedBy(reader: Reader, table?: string) {
  const column = (name: string) => (table ? sql.ref(`${table}.${name}`) : sql.ref(name));
  return reader.kind === 'user'
    ? sql`${column('user_id')} = ${reader.userId}`
    : sql`${column('session_id')} = ${reader.sessionId} and ${column('user_id')} is null`;
}

export async function findProgress(db: Db, reader: Reader, slug: string): Promise<ProgressRow | null> {
  const row = await db.selectFrom('progress').select(COLUMNS).where(ownedBy(reader) as never).where('slug', '=', slug).executeTakeFirst();
  return row ?? null;
}

/** Most recently read first: the continue-reading shelf. */
export async function recentProgress(db: Db, reader: Reader, limit: number): Promise<ProgressRow[]> {
  return db.selectFrom('progress').select(COLUMNS).where(ownedBy(reader) as never).orderBy('updated_at', 'desc').orderBy('slug').limit(limit).execute();
}

/** Fixed texts (one per kind of reader), prepared once per connection on PostgreSQL. */
const WRITE_FOR_USER = preparedAs('progress-write-user');
const WRITE_FOR_SESSION = preparedAs('progress-write-session');

const RETURNED = sql.raw('slug, chapter, scroll, audio_time, updated_at, furthest_chapter, furthest_scroll, back_chapter, back_audio');

export type WriteOutcome = { found: true; row: ProgressRow; applied: boolean } | { found: false; book: boolean };

/**
 * The parts of the write's update that the reading-place rule (reading-place.ts) decides. Each is
 * an expression over the stored row (`progress`, locked by the upsert: no read-modify-write race)
 * and the write (`excluded` plus the given scroll and audio time, null when not given).
 */
function readingPlaceRule(scroll: RawBuilder<unknown>, audio: RawBuilder<unknown>) {
  const forward = sql`excluded.chapter >= progress.chapter`;
  const sameLookBack = sql`coalesce(progress.back_chapter = excluded.chapter, false)`;
  const backScroll = sql`coalesce(${scroll}, case when ${sameLookBack} then progress.back_scroll else 0 end)`;
  const backSince = sql`case when ${sameLookBack} then progress.back_since else excluded.updated_at end`;
  const settles = sql`(${forward} or ${backScroll} >= ${sql.lit(LOOK_BACK_SETTLES_AT_SCROLL)}
    or excluded.updated_at - ${backSince} >= ${sql.lit(LOOK_BACK_SETTLES_AFTER_SECONDS)} * interval '1 second')`;
  // Where the write puts the reader: scroll resets on another chapter unless given, as it always did.
  const pointScroll = sql`case when ${forward}
    then coalesce(${scroll}, case when progress.chapter = excluded.chapter then progress.scroll else 0 end) else ${backScroll} end`;
  const further = sql`(excluded.chapter, ${pointScroll}) > (progress.furthest_chapter, progress.furthest_scroll)`;
  return sql`
      chapter = case when ${settles} then excluded.chapter else progress.chapter end,
      scroll = case when ${settles} then ${pointScroll} else progress.scroll end,
      audio_time = case when ${settles}
        then coalesce(${audio}, case when progress.chapter = excluded.chapter then progress.audio_time when ${sameLookBack} then coalesce(progress.back_audio, 0) else 0 end)
        else progress.audio_time end,
      back_audio = case when ${settles} then null else coalesce(${audio}, case when ${sameLookBack} then progress.back_audio else 0 end) end,
      back_chapter = case when ${settles} then null else excluded.chapter end,
      back_scroll = case when ${settles} then null else ${backScroll} end,
      back_since = case when ${settles} then null else ${backSince} end,
      furthest_chapter = case when ${further} then excluded.chapter else progress.furthest_chapter end,
      furthest_scroll = case when ${further} then ${pointScroll} else progress.furthest_scroll end,
      updated_at = excluded.updated_at`;
}

/**
 * One row per reader and book, last write wins by timestamp: the update applies only when the
 * write is at least as new as the stored row, so a device that was offline cannot roll progress
 * back. An applied write to an earlier chapter is a look-back (reading-place.ts): it is recorded,
 * but moves the place only once it settles. Audio time belongs to the place's chapter.
 *
 * One statement on the way that matters: the row is written only when the chapter exists (the
 * insert selects it), and comes back when applied. Only when nothing came back does a second
 * query tell a stale write (the stored row comes back, not applied) from an unknown chapter or book.
 */
export async function writeProgress(db: Db, reader: Reader, write: ProgressWrite): Promise<WriteOutcome> {
  const user = reader.kind === 'user';
  const scroll = write.scroll ?? null;
  const audio = write.audioTime ?? null;
  const target = user ? sql`(user_id, slug) where user_id is not null` : sql`(session_id, slug) where user_id is null`;
  // Raw SQL: the hottest write of the site, prepared once per connection (platform/db/prepared.ts).
  const applied = await sql<ProgressRow>`${sql.raw(user ? WRITE_FOR_USER : WRITE_FOR_SESSION)}
    insert into progress (user_id, session_id, slug, chapter, scroll, audio_time, updated_at, furthest_chapter, furthest_scroll)
    select ${user ? reader.userId : null}::uuid, ${user ? null : reader.sessionId}::text, c.book_slug, c.number,
           ${scroll ?? 0}::real, ${audio ?? 0}::real, ${write.at}::timestamptz, c.number, ${scroll ?? 0}::real
    from chapters c where c.book_slug = ${write.slug} and c.number = ${write.chapter}
    on conflict ${target} do update set ${readingPlaceRule(sql`${scroll}::real`, sql`${audio}::real`)}
    where progress.updated_at <= excluded.updated_at
    returning ${RETURNED}`.execute(db);
  if (applied.rows[0]) return { found: true, row: applied.rows[0], applied: true };
  const known = await sql<{ book_found: boolean; chapter_found: boolean; slug: string | null } & Omit<ProgressRow, 'slug'>>`
    select b.slug is not null as book_found, c.number is not null as chapter_found,
           p.slug, p.chapter, p.scroll, p.audio_time, p.updated_at, p.furthest_chapter, p.furthest_scroll, p.back_chapter, p.back_audio
    from (select 1) as one
    left join books b on b.slug = ${write.slug}
    left join chapters c on c.book_slug = ${write.slug} and c.number = ${write.chapter}
    left join progress p on ${ownedBy(reader, 'p')} and p.slug = ${write.slug}`.execute(db);
  const { book_found, chapter_found, slug, ...stored } = known.rows[0]!;
  if (!chapter_found) return { found: false, book: book_found };
  // A newer write won, and its row was deleted since: this one now applies.
  if (slug === null) return writeProgress(db, reader, write);
  return { found: true, row: { slug, ...stored }, applied: false };
}

export async function deleteProgress(db: Db, reader: Reader, slug: string): Promise<boolean> {
  const result = await db.deleteFrom('progress').where(ownedBy(reader) as never).where('slug', '=', slug).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function bookExists(db: Db, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('books').select('slug').where('slug', '=', slug).executeTakeFirst());
}
