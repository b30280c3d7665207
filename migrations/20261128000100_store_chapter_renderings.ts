import { sql, type Kysely } from 'kysely';

/**
 * A chapter's rendering (sanitised HTML of its markdown) stored next to its text, so that reading a
 * chapter no cache holds costs one query and no rendering (features/reader/stored-html.ts):
 * - chapters.html: the rendering;
 * - chapters.html_source: `${RENDER_VERSION}:${md5(text)}` of what it was made from. A reader uses
 *   the stored rendering only when this still matches the row's text and the running renderer, so a
 *   writer that changes the text without rendering it (or a new renderer) can never show a stale one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table chapters add column html text, add column html_source text`.execute(db);
}
