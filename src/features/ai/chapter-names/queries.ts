import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function bookForNaming(db: Db, slug: string) {
  return db.selectFrom('books').select(['slug', 'title', 'author']).where('slug', '=', slug).executeTakeFirst();
}

export async function countChapters(db: Db, slug: string, from: number, to: number | null): Promise<number> {
  let query = db.selectFrom('chapters').select(sql<number>`count(*)::int`.as('n')).where('book_slug', '=', slug).where('number', '>=', from);
  if (to !== null) query = query.where('number', '<=', to);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The next `limit` chapters after `after` (keyset on the (book_slug, number) key), with their openings. */
export function chapterBatch(db: Db, slug: string, after: number, to: number | null, limit: number) {
  let query = db
    .selectFrom('chapters')
    .select(['number', 'title', sql<string>`left(text, 2000)`.as('text')])
    .where('book_slug', '=', slug)
    .where('number', '>', after)
    .orderBy('number')
    .limit(limit);
  if (to !== null) query = query.where('number', '<=', to);
  return query.execute();
}

/** Sets each title; returns how many chapters changed. One statement per 500 titles. */
export async function setTitles(db: Db, slug: string, titles: { number: number; title: string }[]): Promise<number> {
  let changed = 0;
  for (let i = 0; i < titles.length; i += 500) {
    const part = titles.slice(i, i + 500);
    const values = sql.join(part.map((t) => sql`(${t.number}::int, ${t.title}::text)`));
    const result = await sql`
      update chapters set title = v.title, updated_at = now()
      from (values ${values}) as v(number, title)
      where chapters.book_slug = ${slug} and chapters.number = v.number and chapters.title is distinct from v.title`.execute(db);
    changed += Number(result.numAffectedRows ?? 0);
  }
  return changed;
}
