import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../../platform/db/index.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { readerKey, type Reader } from '../../../platform/http/auth.ts';
import { MAX_WORD } from './model.ts';

type Executor = Db | Transaction<Database>;

/** A word listeners said was spoken wrong, with how many and in which voices and chapters. */
export interface ReportedWord {
  slug: string;
  book_title: string;
  word: string;
  listeners: number;
  voices: string[];
  chapters: number[];
  last: string;
}

const ONE_WORD = /^[\p{L}\p{N}\p{M}][\p{L}\p{N}\p{M}'’.-]*$/u;

/**
 * A listener's "said wrong" on a word of a chapter: kept once per listener, book, word and voice
 * (a second tap changes nothing). The word must be one word of that chapter's title or text.
 */
export async function reportWord(db: Db, reader: Reader, input: { slug: string; chapter: number; word: string; voice: string }): Promise<void> {
  const word = input.word.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!word || [...word].length > MAX_WORD || !ONE_WORD.test(word)) throw badRequest('word must be one word of the chapter');
  const chapter = await db
    .selectFrom('chapters')
    .select(sql<boolean>`position(lower(${word}) in lower(title || ' ' || text)) > 0`.as('holds'))
    .where('book_slug', '=', input.slug)
    .where('number', '=', input.chapter)
    .executeTakeFirst();
  if (!chapter) throw notFound('Chapter not found');
  if (!chapter.holds) throw badRequest('word must be one word of the chapter');
  await db
    .insertInto('pronunciation_reports')
    .values({ book_slug: input.slug, chapter: input.chapter, word, voice: input.voice, reporter: readerKey(reader) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Reported words, most reported first: of one book, or of every book (slug null). */
export async function reportedWords(db: Db, slug: string | null, limit = 200): Promise<ReportedWord[]> {
  const rows = await sql<ReportedWord>`
    select r.book_slug as slug, b.title as book_title, min(r.word) as word,
           count(distinct r.reporter)::int as listeners,
           array_agg(distinct r.voice order by r.voice) as voices,
           array_agg(distinct r.chapter order by r.chapter) as chapters,
           max(r.created_at) as last
    from pronunciation_reports r join books b on b.slug = r.book_slug
    where ${slug === null ? sql`true` : sql`r.book_slug = ${slug}`}
    group by r.book_slug, b.title, lower(r.word)
    order by listeners desc, last desc
    limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({ ...row, last: new Date(row.last).toISOString() }));
}

/** Clears the reports of a word (any case) in a book; answers how many there were. */
export async function dismissReports(db: Executor, slug: string, word: string): Promise<number> {
  const result = await db.deleteFrom('pronunciation_reports').where('book_slug', '=', slug).where(sql`lower(word)`, '=', word.toLowerCase()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A list saved with these words answers their reports: of one book, or of every book (slug null). */
export async function settleReports(trx: Executor, slug: string | null, words: readonly string[]): Promise<void> {
  if (words.length === 0) return;
  const lowered = words.map((w) => w.toLowerCase());
  let query = trx.deleteFrom('pronunciation_reports').where(sql`lower(word)`, '=', sql`any(${lowered}::text[])`);
  if (slug !== null) query = query.where('book_slug', '=', slug);
  await query.execute();
}
