import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { BookRow } from '../catalogue/queries.ts';
import { RENDERING_PREFIX } from '../catalogue/writes/stored-html.ts';
import { preparedAs } from '../../platform/db/prepared.ts';
import { CHAPTERS_PER_PAGE, chapterRange, type ChapterListEntry, type ChapterOrder } from './paging.ts';

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
  /** The language of the book's text (BCP 47): its description is marked with it. */
  language: string;
}

/** One book with its genres and the ends of its chapter numbering, in one query. */
export async function findBookDetail(db: Db, slug: string): Promise<BookDetailRow | undefined> {
  return db
    .selectFrom('books as b')
    .select([
      'b.slug', 'b.title', 'b.author', 'b.description', 'b.cover_key', 'b.status',
      'b.chapter_count', 'b.rating_count', 'b.rating_sum', 'b.has_audio', 'b.reads_7d', 'b.reads_30d', 'b.tagline', 'b.content_warnings', 'b.language',
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

/**
 * One page of the book page's list (paging.ts): numbers, titles and dates of one block of
 * chapters. Newest first, the block is counted from the last chapter within the same statement
 * (an uncorrelated subquery: a one-row read from the end of the index for each bound), so the
 * page is still one range read and needs nothing read before it.
 */
export async function chapterListPage(db: Db, slug: string, page: number, order: ChapterOrder): Promise<ChapterListEntry[]> {
  const query = db.selectFrom('chapters').select(['number', 'title', 'created_at']).where('book_slug', '=', slug);
  let ranged;
  if (order === 'oldest') {
    const { from, to } = chapterRange(page);
    ranged = query.where('number', '>=', from).where('number', '<=', to).orderBy('number');
  } else {
    const per = sql.lit(CHAPTERS_PER_PAGE);
    const blocks = sql<number>`(select (coalesce(max(number), 0) + ${sql.lit(CHAPTERS_PER_PAGE - 1)}) / ${per} from chapters where book_slug = ${slug})`;
    ranged = query
      .where('number', '>', sql<number>`(${blocks} - ${page}::int) * ${per}`)
      .where('number', '<=', sql<number>`(${blocks} - ${page}::int + 1) * ${per}`)
      .orderBy('number', 'desc');
  }
  const rows = await ranged.execute();
  return rows.map((row) => ({ number: row.number, title: row.title, added: new Date(row.created_at as Date | string).toISOString() }));
}

export interface ReadingRow {
  slug: string;
  title: string;
  author: string;
  cover_key: string | null;
  status: 'ongoing' | 'completed';
  chapter_count: number;
  /** The language of the book's text (BCP 47), which the page marks it with. */
  language: string;
  /** null when the book exists but this chapter does not. */
  number: number | null;
  chapter_title: string | null;
  /** md5 of the chapter text (kept in html_source by a trigger, else computed): the key of the cached rendering. */
  text_hash: string | null;
  /**
   * The stored rendering (made from this text by this renderer, catalogue/writes/stored-html.ts) and the text,
   * only when what the reading asked for is not stored compressed: then they are needed.
   */
  text: string | null;
  html: string | null;
  /** Whether every compressed form is stored (then nothing needs storing after a rendering). */
  forms_stored: boolean;
  /** For a page: the compressed rendering, its CRC-32 and length; for JSON: the compressed text and rendering as JSON members. */
  deflated: Uint8Array | null;
  crc: number | null;
  bytes: number | null;
  prev: number | null;
  next: number | null;
}

/**
 * The book, the chapter and its neighbours of each (slug, n) in one query: the reading page's
 * budget, and reads that arrive together share it (reader/service.ts batches them). The book row
 * comes back even when the chapter does not exist, which tells "Book not found" from "Chapter not
 * found". The text itself is left in the database unless asked for: the stored rendering comes
 * with it when it is current, and a cached rendering needs only the text's hash, which comes from
 * the text itself, so no writer can forget to update it.
 */
const READING = { page: preparedAs('chapters-for-page'), json: preparedAs('chapters-for-json') };

/** What a reading is for: the page (the rendering) or the chapter's JSON (its text and rendering). */
export type ReadingFor = keyof typeof READING;

export interface ChapterKey {
  slug: string;
  n: number;
}

/** One row per key, in the keys' order: undefined where the book does not exist. */
export async function findChaptersForReading(db: Db, keys: readonly ChapterKey[], purpose: ReadingFor): Promise<(ReadingRow | undefined)[]> {
  // Raw SQL on purpose: this is the hottest query of the site, and a template costs far less to
  // compile per request than the equivalent builder chain. Prepared once per connection (prepared.ts).
  // The keys come as JSON rows, not arrays: PostgreSQL sizes unnest() by the array it is given, so
  // every execution would look worth planning anew; a JSON row set is sized the same whatever it
  // holds, and the statement keeps one plan (planning it cost more than running it).
  // html_source is null or `<renderer>:<md5 of the text>` (a trigger keeps it so: migration
  // 20261129000100), so the text is hashed here only for a chapter never rendered.
  const current = sql`starts_with(c.html_source, ${RENDERING_PREFIX})`;
  const form = purpose === 'page' ? 'html' : 'json'; // a fixed name: raw SQL is safe here
  const stored = sql`${current} and ${sql.raw(`c.${form}_deflated`)} is not null`;
  // The page renders from the text only without a stored rendering; the JSON carries the text.
  const text = purpose === 'page' ? sql`null::text` : sql`case when not (${stored}) then c.text end`;
  const result = await sql<ReadingRow & { i: number }>`${sql.raw(READING[purpose])}
    select k.i, b.slug, b.title, b.author, b.cover_key, b.status, b.chapter_count, b.language,
           c.number, c.title as chapter_title,
           case when c.number is not null then coalesce(nullif(split_part(c.html_source, ':', 2), ''), md5(c.text)) end as text_hash,
           coalesce(${current} and c.html_deflated is not null and c.json_deflated is not null, false) as forms_stored,
           case when ${current} and not (${stored}) then c.html end as html,
           ${text} as text,
           case when ${stored} then ${sql.raw(`c.${form}_deflated`)} end as deflated,
           case when ${stored} then ${sql.raw(`c.${form}_crc`)} end as crc,
           case when ${stored} then ${sql.raw(`c.${form}_bytes`)} end as bytes,
           (select max(p.number) from chapters p where p.book_slug = b.slug and p.number < k.n) as prev,
           (select min(x.number) from chapters x where x.book_slug = b.slug and x.number > k.n) as next
    from jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ slug: k.slug, n: k.n, i: i + 1 })))}::jsonb) as k(slug text, n int, i int)
    join books b on b.slug = k.slug
    left join chapters c on c.book_slug = b.slug and c.number = k.n`.execute(db);
  const rows: (ReadingRow | undefined)[] = new Array(keys.length).fill(undefined);
  for (const { i, ...row } of result.rows) rows[i - 1] = row;
  return rows;
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
