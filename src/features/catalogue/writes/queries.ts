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
}

export function insertBook(db: Executor, values: BookValues) {
  return db.insertInto('books').values(values).execute();
}

export function updateBookMeta(db: Executor, slug: string, values: Partial<Omit<BookValues, 'slug'>>) {
  return db.updateTable('books').set({ ...values, updated_at: sql<Date>`now()` }).where('slug', '=', slug).execute();
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

export interface ChapterValues {
  number: number;
  title: string;
  text: string;
  word_count: number;
  content_hash: string;
  source_key: string | null;
  /** The rendering of `text`, compressed too, and what it was made from (reader/stored-html.ts). */
  html: string;
  html_source: string;
  html_deflated: Uint8Array;
  html_crc: number;
  html_bytes: number;
  json_deflated: Uint8Array;
  json_crc: number;
  json_bytes: number;
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
