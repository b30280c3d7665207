import type { Db } from '../../../platform/db/index.ts';
import type { CoverText } from './svg.ts';

/** The words a drawn cover shows; undefined for a book that does not exist. */
export function findCoverText(db: Db, slug: string): Promise<CoverText | undefined> {
  return db.selectFrom('books').select(['slug', 'title', 'author']).where('slug', '=', slug).executeTakeFirst();
}
