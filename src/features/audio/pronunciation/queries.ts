import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../../platform/db/index.ts';
import type { Pronunciation } from './apply.ts';

type Executor = Db | Transaction<Database>;

type Row = Omit<Pronunciation, 'phonemes'> & { phonemes: string | null };

/** A stored entry as the lists carry it: `phonemes` only when it has them. */
function entryOf({ word, say, case_sensitive, phonemes }: Row): Pronunciation {
  return phonemes ? { word, say, case_sensitive, phonemes } : { word, say, case_sensitive };
}

/** A book's list (slug) or the site's (null), in the order it was saved. */
export async function listOf(db: Executor, slug: string | null): Promise<Pronunciation[]> {
  const rows = await db
    .selectFrom('pronunciations')
    .select(['word', 'say', 'case_sensitive', 'phonemes'])
    .where((eb) => (slug === null ? eb('book_slug', 'is', null) : eb('book_slug', '=', slug)))
    .orderBy('position')
    .execute();
  return rows.map(entryOf);
}

/** The site's list and a book's, in one read (book_slug null = the site's). */
export async function listsFor(db: Db, slug: string): Promise<{ site: Pronunciation[]; book: Pronunciation[] }> {
  const rows = await db
    .selectFrom('pronunciations')
    .select(['book_slug', 'word', 'say', 'case_sensitive', 'phonemes'])
    .where((eb) => eb.or([eb('book_slug', '=', slug), eb('book_slug', 'is', null)]))
    .orderBy('position')
    .execute();
  return { site: rows.filter((r) => r.book_slug === null).map(entryOf), book: rows.filter((r) => r.book_slug !== null).map(entryOf) };
}

export async function replaceList(trx: Executor, slug: string | null, entries: readonly Pronunciation[]): Promise<void> {
  await trx.deleteFrom('pronunciations').where((eb) => (slug === null ? eb('book_slug', 'is', null) : eb('book_slug', '=', slug))).execute();
  if (entries.length === 0) return;
  await trx
    .insertInto('pronunciations')
    .values(entries.map((entry, position) => ({ book_slug: slug, word: entry.word, say: entry.say, case_sensitive: entry.case_sensitive, phonemes: entry.phonemes ?? null, position })))
    .execute();
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The chapters whose title or text holds one of the words (in any case: a narration made again
 * without need costs less than one left saying a name wrong), of one book or of every book.
 */
export async function chaptersSaying(trx: Executor, slug: string | null, words: readonly string[]): Promise<{ slug: string; chapter: number }[]> {
  if (words.length === 0) return [];
  const patterns = words.map(likePattern);
  const rows = await sql<{ slug: string; chapter: number }>`
    select book_slug as slug, number as chapter from chapters
    where ${slug === null ? sql`true` : sql`book_slug = ${slug}`}
      and (text ilike any(${patterns}::text[]) or title ilike any(${patterns}::text[]))`.execute(trx);
  return rows.rows;
}

/**
 * Removes the stored narrations of these chapters (every voice), and their `done` jobs, so that the
 * next listener's request makes them again; answers the object keys to delete once committed.
 */
export async function forgetNarrations(trx: Executor, chapters: readonly { slug: string; chapter: number }[]): Promise<string[]> {
  if (chapters.length === 0) return [];
  const slugs = chapters.map((c) => c.slug);
  const numbers = chapters.map((c) => c.chapter);
  const pairs = sql`(select * from unnest(${slugs}::text[], ${numbers}::int[]) as p(slug, chapter))`;
  const removed = await sql<{ object_key: string }>`
    delete from audio_files f using ${pairs} as p
    where f.slug = p.slug and f.chapter = p.chapter
    returning f.object_key`.execute(trx);
  await sql`
    delete from audio_jobs j using ${pairs} as p
    where j.slug = p.slug and j.chapter = p.chapter and j.status = 'done'`.execute(trx);
  return removed.rows.map((row) => row.object_key);
}

export async function bookExists(db: Executor, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('books').select('slug').where('slug', '=', slug).executeTakeFirst());
}
