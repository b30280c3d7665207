import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { BookRow } from '../catalogue/queries.ts';
import { RENDERING_PREFIX } from './stored-html.ts';
import { preparedAs } from '../../platform/db/prepared.ts';

/**
 * Every chapter lookup here is a range or point read of the unique (book_slug, number) index of
 * chapters; none selects chapter text except chapterText (and the JSON chapter, which returns it).
 */

export interface BookDetailRow extends BookRow {
  /** Lowest and highest chapter numbers (numbers may have gaps); null without chapters. */
  first_chapter: number | null;
  last_chapter: number | null;
  /** Accepted by an admin from the AI tools. */
  tagline: string;
  content_warnings: unknown;
}

/** One book with its genres and the ends of its chapter numbering, in one query. */
export async function findBookDetail(db: Db, slug: string): Promise<BookDetailRow | undefined> {
  return db
    .selectFrom('books as b')
    .select([
      'b.slug', 'b.title', 'b.author', 'b.description', 'b.cover_key', 'b.status',
      'b.chapter_count', 'b.rating_count', 'b.rating_sum', 'b.has_audio', 'b.reads_7d', 'b.reads_30d', 'b.tagline', 'b.content_warnings',
      sql<string[]>`array(select g.name from book_genres bg join genres g on g.slug = bg.genre_slug where bg.book_slug = b.slug order by g.name)`.as('genres'),
      sql<number | null>`(select min(c.number) from chapters c where c.book_slug = b.slug)`.as('first_chapter'),
      sql<number | null>`(select max(c.number) from chapters c where c.book_slug = b.slug)`.as('last_chapter'),
    ])
    .where('b.slug', '=', slug)
    .executeTakeFirst();
}

export interface TitleRange {
  /** First chapter number to list (inclusive). */
  from: number;
  /** Last chapter number to list (inclusive); none means to the end. */
  to?: number;
  limit?: number;
}

/** Numbers and titles of a range of chapters, in order. */
export async function chapterTitles(db: Db, slug: string, range: TitleRange): Promise<{ number: number; title: string }[]> {
  let query = db.selectFrom('chapters').select(['number', 'title']).where('book_slug', '=', slug).where('number', '>=', range.from);
  if (range.to !== undefined) query = query.where('number', '<=', range.to);
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.orderBy('number').execute();
}

export interface ReadingRow {
  slug: string;
  title: string;
  author: string;
  cover_key: string | null;
  status: 'ongoing' | 'completed';
  chapter_count: number;
  /** null when the book exists but this chapter does not. */
  number: number | null;
  chapter_title: string | null;
  /** md5 of the chapter text, computed by the database: the key of the cached rendering. */
  text_hash: string | null;
  text?: string | null;
  /** The stored rendering when it was made from this text by this renderer (stored-html.ts), else null. */
  html: string | null;
  prev: number | null;
  next: number | null;
}

/**
 * The book, the chapter and its neighbours in one query (the reading page's budget). The book row
 * comes back even when the chapter does not exist, which tells "Book not found" from "Chapter not
 * found". The text itself is left in the database unless asked for: the stored rendering comes
 * with it when it is current, and a cached rendering needs only the text's hash, which comes from
 * the text itself, so no writer can forget to update it.
 */
const READING = preparedAs('chapter-for-reading');
const READING_WITH_TEXT = preparedAs('chapter-for-reading-text');

export async function findChapterForReading(db: Db, slug: string, n: number, withText: boolean): Promise<ReadingRow | undefined> {
  // Raw SQL on purpose: this is the hottest query of the site, and a template costs far less to
  // compile per request than the equivalent builder chain. Prepared once per connection (prepared.ts).
  const text = withText ? sql`, c.text` : sql``;
  const result = await sql<ReadingRow>`${sql.raw(withText ? READING_WITH_TEXT : READING)}
    select b.slug, b.title, b.author, b.cover_key, b.status, b.chapter_count,
           c.number, c.title as chapter_title, h.text_hash,
           case when c.html_source = ${RENDERING_PREFIX} || h.text_hash then c.html end as html,
           (select max(p.number) from chapters p where p.book_slug = b.slug and p.number < ${n}) as prev,
           (select min(x.number) from chapters x where x.book_slug = b.slug and x.number > ${n}) as next
           ${text}
    from books b
    left join chapters c on c.book_slug = b.slug and c.number = ${n}
    left join lateral (select md5(c.text) as text_hash) h on true
    where b.slug = ${slug}`.execute(db);
  return result.rows[0];
}

export async function chapterText(db: Db, slug: string, n: number): Promise<string | null> {
  const row = await db.selectFrom('chapters').select('text').where('book_slug', '=', slug).where('number', '=', n).executeTakeFirst();
  return row?.text ?? null;
}

/** The existing chapter numbers closest to n from below and from above (n itself when it exists). */
export async function chaptersAround(db: Db, slug: string, n: number): Promise<{ below: number | null; above: number | null }> {
  const result = await sql<{ below: number | null; above: number | null }>`
    select
      (select max(number) from chapters where book_slug = ${slug} and number <= ${n}) as below,
      (select min(number) from chapters where book_slug = ${slug} and number >= ${n}) as above`.execute(db);
  return result.rows[0] ?? { below: null, above: null };
}
