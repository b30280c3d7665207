import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { preparedAs } from '../../platform/db/prepared.ts';
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

export type WriteOutcome = { found: true; row: ProgressRow; applied: boolean } | { found: false; book: boolean };

/**
 * One row per reader and book, last write wins by timestamp: the update applies only when the
 * write is at least as new as the stored row, so a device that was offline cannot roll progress
 * back. Scroll resets when the chapter changes and is not given; audio time likewise.
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
    insert into progress (user_id, session_id, slug, chapter, scroll, audio_time, updated_at)
    select ${user ? reader.userId : null}::uuid, ${user ? null : reader.sessionId}::text, c.book_slug, c.number,
           ${scroll ?? 0}::real, ${audio ?? 0}::real, ${write.at}::timestamptz
    from chapters c where c.book_slug = ${write.slug} and c.number = ${write.chapter}
    on conflict ${target} do update set
      chapter = excluded.chapter,
      scroll = coalesce(${scroll}::real, case when progress.chapter = excluded.chapter then progress.scroll else 0 end),
      audio_time = coalesce(${audio}::real, case when progress.chapter = excluded.chapter then progress.audio_time else 0 end),
      updated_at = excluded.updated_at
    where progress.updated_at <= excluded.updated_at
    returning slug, chapter, scroll, audio_time, updated_at`.execute(db);
  if (applied.rows[0]) return { found: true, row: applied.rows[0], applied: true };
  const known = await sql<{ book_found: boolean; chapter_found: boolean; slug: string | null } & Omit<ProgressRow, 'slug'>>`
    select b.slug is not null as book_found, c.number is not null as chapter_found,
           p.slug, p.chapter, p.scroll, p.audio_time, p.updated_at
    from (select 1) as one
    left join books b on b.slug = ${write.slug}
    left join chapters c on c.book_slug = ${write.slug} and c.number = ${write.chapter}
    left join progress p on ${ownedBy(reader, 'p')} and p.slug = ${write.slug}`.execute(db);
  const { book_found, chapter_found, slug, chapter, scroll: stored, audio_time, updated_at } = known.rows[0]!;
  if (!chapter_found) return { found: false, book: book_found };
  // A newer write won, and its row was deleted since: this one now applies.
  if (slug === null) return writeProgress(db, reader, write);
  return { found: true, row: { slug, chapter, scroll: stored, audio_time, updated_at }, applied: false };
}

export async function deleteProgress(db: Db, reader: Reader, slug: string): Promise<boolean> {
  const result = await db.deleteFrom('progress').where(ownedBy(reader) as never).where('slug', '=', slug).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function bookExists(db: Db, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('books').select('slug').where('slug', '=', slug).executeTakeFirst());
}
