import type { Db } from '../../platform/db/index.ts';

/** One chapter's audio in one voice: the key of audio_jobs' chapters and of audio_files' rows. */
export interface Target {
  slug: string;
  chapter: number;
  voice: string;
}

/** 'book' / 'chapter': what is missing; null when the chapter exists. One index read. */
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
