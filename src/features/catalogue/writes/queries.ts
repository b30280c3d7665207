import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../../platform/db/index.ts';

/** Book and chapter writes of the content pipeline (scraping, import, de-duplication). */
export type Executor = Db | Transaction<Database>;

export function bookBySourceKey(db: Executor, sourceKey: string) {
  return db.selectFrom('books').select(['slug', 'title', 'cover_key']).where('source_key', '=', sourceKey).executeTakeFirst();
}

export async function slugsLike(db: Executor, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('books')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base.replace(/[%_\\]/g, '\\$&')}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export interface BookValues {
  slug: string;
  title: string;
  author: string;
  description: string;
  status: 'ongoing' | 'completed';
  source_url: string | null;
  source_key: string | null;
  cover_key: string | null;
  language?: string;
}

export function insertBook(db: Executor, values: BookValues) {
  return db.insertInto('books').values(values).execute();
}

export function updateBookMeta(db: Executor, slug: string, values: Partial<Omit<BookValues, 'slug'>>) {
  return db.updateTable('books').set({ ...values, updated_at: sql<Date>`now()` }).where('slug', '=', slug).execute();
}

/** A new cover only: the book's other facts and its place in "recently updated" stay as they are. */
export function setCover(db: Executor, slug: string, coverKey: string) {
  return db.updateTable('books').set({ cover_key: coverKey }).where('slug', '=', slug).execute();
}

export function touchBook(db: Executor, slug: string) {
  return db.updateTable('books').set({ updated_at: sql<Date>`now()` }).where('slug', '=', slug).execute();
}

export async function setGenres(db: Executor, slug: string, genres: { slug: string; name: string }[]): Promise<void> {
  await db.deleteFrom('book_genres').where('book_slug', '=', slug).execute();
  if (genres.length === 0) return;
  await db.insertInto('genres').values(genres).onConflict((oc) => oc.column('slug').doNothing()).execute();
  await db.insertInto('book_genres').values(genres.map((g) => ({ book_slug: slug, genre_slug: g.slug }))).onConflict((oc) => oc.doNothing()).execute();
}

export function chapterBySourceKey(db: Executor, slug: string, sourceKey: string) {
  return db.selectFrom('chapters').select(['number', 'content_hash', 'title']).where('book_slug', '=', slug).where('source_key', '=', sourceKey).executeTakeFirst();
}

/** What a chapter row stores of a rendering (stored-html.ts makes it). */
export interface StoredRendering extends CompressedForms {
  html: string;
  html_source: string;
}

/** The rendering compressed, and the text and rendering as members of the chapter's JSON, compressed. */
export interface CompressedForms {
  html_deflated: Uint8Array;
  /** The CRC-32 as PostgreSQL's signed integer. */
  html_crc: number;
  html_bytes: number;
  json_deflated: Uint8Array;
  json_crc: number;
  json_bytes: number;
}

export interface ChapterValues extends StoredRendering {
  number: number;
  title: string;
  text: string;
  word_count: number;
  content_hash: string;
  source_key: string | null;
}

/** 'added', 'updated' or 'unchanged' (same text and title: nothing written). */
export async function upsertChapter(db: Executor, slug: string, values: ChapterValues): Promise<'added' | 'updated' | 'unchanged'> {
  const row = await db
    .insertInto('chapters')
    .values({ book_slug: slug, ...values })
    .onConflict((oc) =>
      oc
        .columns(['book_slug', 'number'])
        .doUpdateSet({
          title: (eb) => eb.ref('excluded.title'),
          text: (eb) => eb.ref('excluded.text'),
          word_count: (eb) => eb.ref('excluded.word_count'),
          content_hash: (eb) => eb.ref('excluded.content_hash'),
          html: (eb) => eb.ref('excluded.html'),
          html_source: (eb) => eb.ref('excluded.html_source'),
          html_deflated: (eb) => eb.ref('excluded.html_deflated'),
          html_crc: (eb) => eb.ref('excluded.html_crc'),
          html_bytes: (eb) => eb.ref('excluded.html_bytes'),
          json_deflated: (eb) => eb.ref('excluded.json_deflated'),
          json_crc: (eb) => eb.ref('excluded.json_crc'),
          json_bytes: (eb) => eb.ref('excluded.json_bytes'),
          source_key: sql`coalesce(excluded.source_key, chapters.source_key)`,
          updated_at: sql`now()`,
        })
        .where((eb) => eb.or([eb('chapters.content_hash', 'is distinct from', eb.ref('excluded.content_hash')), eb('chapters.title', 'is distinct from', eb.ref('excluded.title'))])),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirst();
  if (!row) return 'unchanged';
  return row.inserted ? 'added' : 'updated';
}

export async function chapterNumbers(db: Executor, slug: string): Promise<number[]> {
  const rows = await db.selectFrom('chapters').select('number').where('book_slug', '=', slug).orderBy('number').execute();
  return rows.map((r) => r.number);
}

export async function chapterSourceKeys(db: Executor, slug: string): Promise<Set<string>> {
  const rows = await db.selectFrom('chapters').select('source_key').where('book_slug', '=', slug).where('source_key', 'is not', null).execute();
  return new Set(rows.map((r) => r.source_key!));
}

/** What a chapter row stores of its rendering (stored-html.ts makes it). */
export type RenderingValues = StoredRendering;

/** Stores a rendering only while the row holds the text it was made from (`textHash`, its md5) and lacks it. */
export async function storeChapterRendering(db: Db, values: { slug: string; n: number; textHash: string } & RenderingValues): Promise<void> {
  const { slug, n, textHash, html, html_source: source } = values;
  await sql`
    update chapters set html = ${html}, html_source = ${source},
      html_deflated = ${values.html_deflated}, html_crc = ${values.html_crc}, html_bytes = ${values.html_bytes},
      json_deflated = ${values.json_deflated}, json_crc = ${values.json_crc}, json_bytes = ${values.json_bytes}
    where book_slug = ${slug} and number = ${n} and md5(text) = ${textHash}
      and (html_source is distinct from ${source} or html_deflated is null or json_deflated is null)`.execute(db);
}

/** The stored rendering made under `source`, or null when the row holds another (or none). */
export async function chapterRenderingFor(db: Db, slug: string, n: number, source: string): Promise<string | null> {
  const result = await sql<{ html: string | null }>`
    select html from chapters where book_slug = ${slug} and number = ${n} and html_source = ${source}`.execute(db);
  return result.rows[0]?.html ?? null;
}

/** Renderings to store in their rows, the compressed forms in base64; a row whose text changed meanwhile (md5 ≠ `hash`) keeps its own. */
export interface EncodedRendering {
  slug: string;
  n: number;
  html: string;
  html_source: string;
  html_z: string;
  html_crc: number;
  html_bytes: number;
  json_z: string;
  json_crc: number;
  json_bytes: number;
  hash: string;
}

export async function storeChapterRenderings(db: Db, renderings: readonly EncodedRendering[]): Promise<void> {
  await sql`
    update chapters as c set html = v.html, html_source = v.html_source,
      html_deflated = decode(v.html_z, 'base64'), html_crc = v.html_crc, html_bytes = v.html_bytes,
      json_deflated = decode(v.json_z, 'base64'), json_crc = v.json_crc, json_bytes = v.json_bytes
    from jsonb_to_recordset(${JSON.stringify(renderings)}::jsonb)
      as v(slug text, n integer, html text, html_source text, html_z text, html_crc integer, html_bytes integer,
           json_z text, json_crc integer, json_bytes integer, hash text)
    where c.book_slug = v.slug and c.number = v.n and md5(c.text) = v.hash`.execute(db);
}

export interface ChapterText {
  book_slug: string;
  number: number;
  text: string;
}

/** A chapter lacks a current rendering: none made by the renderer of `prefix` from its text, or no compressed forms. */
const staleRendering = (prefix: string) =>
  sql<boolean>`(c.html_source is distinct from ${prefix} || md5(c.text) or c.html_deflated is null or c.json_deflated is null)`;

/** The chapters among `chapters` without a current rendering. */
export async function staleChaptersAmong(db: Db, chapters: readonly { slug: string; n: number }[], prefix: string): Promise<ChapterText[]> {
  const rows = await sql<ChapterText>`
    select c.book_slug, c.number, c.text from chapters c
    join jsonb_to_recordset(${JSON.stringify(chapters)}::jsonb) as w(slug text, n integer) on c.book_slug = w.slug and c.number = w.n
    where ${staleRendering(prefix)}`.execute(db);
  return rows.rows;
}

/** Up to `batch` chapters without a current rendering after (`after.slug`, `after.n`), in (book, number) order. */
export async function staleChaptersAfter(db: Db, after: { slug: string; n: number }, batch: number, prefix: string): Promise<ChapterText[]> {
  const rows = await sql<ChapterText>`
    select c.book_slug, c.number, c.text from chapters c
    where (c.book_slug, c.number) > (${after.slug}, ${after.n}) and ${staleRendering(prefix)}
    order by c.book_slug, c.number limit ${batch}`.execute(db);
  return rows.rows;
}
