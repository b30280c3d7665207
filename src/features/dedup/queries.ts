import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';

export function bookExists(db: Db, slug: string) {
  return db.selectFrom('books').select('slug').where('slug', '=', slug).executeTakeFirst();
}

export function chaptersOf(db: Db, slug: string) {
  return db.selectFrom('chapters').select(['number', 'title', 'text', 'content_hash', 'word_count']).where('book_slug', '=', slug).orderBy('number').execute();
}

/**
 * Removes the chapters in one transaction; what pointed at a removed chapter (a reader's place,
 * comments) moves to the copy that stays; stored audio of a removed chapter is forgotten (the
 * has_audio trigger follows).
 */
export async function removeChapters(trx: Transaction<Database>, slug: string, moves: { from: number; to: number }[]): Promise<number> {
  if (moves.length === 0) return 0;
  const from = moves.map((m) => m.from);
  const to = moves.map((m) => m.to);
  await sql`
    update progress p set chapter = m.keep
    from unnest(${from}::int[], ${to}::int[]) as m(gone, keep)
    where p.slug = ${slug} and p.chapter = m.gone`.execute(trx);
  // The furthest point moves likewise, never behind the place; a look-back at a removed chapter,
  // or no longer before the place, is dropped.
  await sql`
    update progress p set furthest_chapter = m.keep
    from unnest(${from}::int[], ${to}::int[]) as m(gone, keep)
    where p.slug = ${slug} and p.furthest_chapter = m.gone`.execute(trx);
  await sql`
    update progress set furthest_chapter = chapter, furthest_scroll = scroll
    where slug = ${slug} and (furthest_chapter, furthest_scroll) < (chapter, scroll)`.execute(trx);
  await sql`
    update progress set back_chapter = null, back_scroll = null, back_since = null, back_audio = null
    where slug = ${slug} and (back_chapter = any(${from}::int[]) or back_chapter >= chapter)`.execute(trx);
  await sql`
    update book_comments c set chapter = m.keep
    from unnest(${from}::int[], ${to}::int[]) as m(gone, keep)
    where c.slug = ${slug} and c.chapter = m.gone`.execute(trx);
  await trx.deleteFrom('audio_files').where('slug', '=', slug).where('chapter', 'in', from).execute();
  const result = await trx.deleteFrom('chapters').where('book_slug', '=', slug).where('number', 'in', from).executeTakeFirst();
  return Number(result.numDeletedRows);
}
