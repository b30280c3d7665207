import { sql, type Selectable } from 'kysely';
import type { Locale } from '../../platform/i18n/locale.ts';
import type { Db } from '../../platform/db/index.ts';
import { jsonColumn } from '../../platform/db/json.ts';
import type { ChapterTranslationsTable, TranslationJobsTable } from '../../platform/db/schema.ts';
import { chapterJobRows } from '../../platform/queue/chapter-job-rows.ts';
import { storedGlossary, type GlossaryEntry } from './glossary.ts';

/**
 * translation_jobs is what readers see of a translation (pending → running → done | failed); the
 * queue's `jobs` row with the SAME id runs it. chapter_translations holds the results, one per
 * chapter and locale, served only while the chapter's text is the one they were made from.
 */
export type TranslationJobRow = Selectable<TranslationJobsTable>;
export type StoredTranslation = Pick<Selectable<ChapterTranslationsTable>, 'title' | 'text' | 'locale'>;
export interface Target {
  slug: string;
  chapter: number;
  locale: Locale;
}

/** 'book' / 'chapter': what is missing; null when the chapter exists. */
export async function missingPart(db: Db, slug: string, chapter: number): Promise<'book' | 'chapter' | null> {
  const row = await db
    .selectFrom('books as b')
    .leftJoin('chapters as c', (join) => join.onRef('c.book_slug', '=', 'b.slug').on('c.number', '=', chapter))
    .select('c.number')
    .where('b.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return 'book';
  return row.number === null ? 'chapter' : null;
}

export function chapterToTranslate(db: Db, slug: string, chapter: number) {
  return db
    .selectFrom('chapters as c')
    .innerJoin('books as b', 'b.slug', 'c.book_slug')
    .select(['c.title', 'c.text', 'c.content_hash', 'b.title as book_title'])
    .where('c.book_slug', '=', slug)
    .where('c.number', '=', chapter)
    .executeTakeFirst();
}

/** The translation of the chapter as it is now (none when the chapter changed since). */
export function storedTranslation(db: Db, t: Target): Promise<StoredTranslation | undefined> {
  return db
    .selectFrom('chapter_translations as tr')
    .innerJoin('chapters as c', (join) => join.onRef('c.book_slug', '=', 'tr.slug').onRef('c.number', '=', 'tr.chapter').onRef('c.content_hash', '=', 'tr.source_hash'))
    .select(['tr.title', 'tr.text', 'tr.locale'])
    .where('tr.slug', '=', t.slug)
    .where('tr.chapter', '=', t.chapter)
    .where('tr.locale', '=', t.locale)
    .executeTakeFirst();
}

export async function saveTranslation(db: Db, t: Target, value: { title: string; text: string; source_hash: string; model: string }): Promise<void> {
  await db
    .insertInto('chapter_translations')
    .values({ ...t, ...value, created_at: sql`now()` })
    .onConflict((oc) => oc.columns(['slug', 'chapter', 'locale']).doUpdateSet({ ...value, created_at: sql`now()` }))
    .execute();
}

/** The rows of translation_jobs (platform/queue/chapter-job-rows.ts); markRunning is the worker's first write. */
export const { latestJob, activeJob, jobById, insertPending, markRunning, markDone, markFailed, failOrphans } = chapterJobRows({
  table: 'translation_jobs',
  key: 'locale',
  running: 'running',
  orphaned: {
    lost: 'the translation was lost: its job no longer exists',
    cancelled: 'the translation was cancelled',
    ended: 'the translation ended without a result',
  },
});

export async function bookTitle(db: Db, slug: string): Promise<string | null> {
  const row = await db.selectFrom('books').select('title').where('slug', '=', slug).executeTakeFirst();
  return row?.title ?? null;
}

export async function glossaryOf(db: Db, slug: string): Promise<GlossaryEntry[]> {
  const row = await db.selectFrom('book_glossaries').select('entries').where('slug', '=', slug).executeTakeFirst();
  return storedGlossary(jsonColumn<unknown>(row?.entries, []));
}

export async function saveGlossary(db: Db, slug: string, entries: readonly GlossaryEntry[], userId: string | null): Promise<void> {
  const value = JSON.stringify(entries);
  await db
    .insertInto('book_glossaries')
    .values({ slug, entries: value, updated_by: userId, updated_at: sql`now()` })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ entries: value, updated_by: userId, updated_at: sql`now()` }))
    .execute();
}

/** The chapter's original title and text (the reader's "original" choice). */
export function originalChapter(db: Db, slug: string, chapter: number) {
  return db.selectFrom('chapters').select(['title', 'text']).where('book_slug', '=', slug).where('number', '=', chapter).executeTakeFirst();
}
