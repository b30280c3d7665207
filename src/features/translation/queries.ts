import { sql, type Selectable } from 'kysely';
import type { Locale } from '../../../views/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { jsonColumn } from '../../platform/db/json.ts';
import type { ChapterTranslationsTable, TranslationJobsTable } from '../../platform/db/schema.ts';
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

export function latestJob(db: Db, t: Target): Promise<TranslationJobRow | undefined> {
  return db.selectFrom('translation_jobs').selectAll().where('slug', '=', t.slug).where('chapter', '=', t.chapter).where('locale', '=', t.locale)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

export function activeJob(db: Db, t: Target): Promise<TranslationJobRow | undefined> {
  return db.selectFrom('translation_jobs').selectAll().where('slug', '=', t.slug).where('chapter', '=', t.chapter).where('locale', '=', t.locale)
    .where('status', 'in', ['pending', 'running']).executeTakeFirst();
}

export function jobById(db: Db, id: string): Promise<TranslationJobRow | undefined> {
  return db.selectFrom('translation_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPending(db: Db, id: string, t: Target, requestedBy: string | null): Promise<void> {
  await db.insertInto('translation_jobs').values({ id, ...t, status: 'pending', requested_by: requestedBy }).onConflict((oc) => oc.doNothing()).execute();
}

/**
 * The worker's first write: → running. An upsert, because the worker may start before the request
 * that enqueued the job has written its row. False when the row has already ended.
 */
export async function markRunning(db: Db, id: string, t: Target, requestedBy: string | null): Promise<boolean> {
  const row = await db
    .insertInto('translation_jobs')
    .values({ id, ...t, status: 'running', requested_by: requestedBy })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'running', updated_at: sql`now()` }).where('translation_jobs.status', 'in', ['pending', 'running']))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function markDone(db: Db, id: string) {
  return db.updateTable('translation_jobs').set({ status: 'done', error: null, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirst();
}

export function markFailed(db: Db, id: string, error: string) {
  return db.updateTable('translation_jobs').set({ status: 'failed', error, updated_at: sql`now()` }).where('id', '=', id)
    .where('status', 'in', ['pending', 'running']).returningAll().executeTakeFirst();
}

/**
 * Active rows whose queue job can no longer run them (its worker died on the last attempt, it was
 * cancelled or pruned) become `failed` with the queue's error.
 */
export async function failOrphans(db: Db, t?: Target): Promise<TranslationJobRow[]> {
  const scope = t ? sql`and t2.slug = ${t.slug} and t2.chapter = ${t.chapter} and t2.locale = ${t.locale}` : sql``;
  const { rows } = await sql<TranslationJobRow>`
    update translation_jobs t
    set status = 'failed', updated_at = now(), error = case
      when s.job_status is null then 'the translation was lost: its job no longer exists'
      when s.job_status = 'cancelled' then 'the translation was cancelled'
      else coalesce(s.job_error, 'the translation ended without a result') end
    from (
      select t2.id, j.status as job_status, j.error as job_error
      from translation_jobs t2 left join jobs j on j.id = t2.id
      where t2.status in ('pending', 'running') ${scope}
    ) s
    where t.id = s.id and (s.job_status is null or s.job_status in ('done', 'failed', 'cancelled'))
    returning t.*`.execute(db);
  return rows;
}

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
