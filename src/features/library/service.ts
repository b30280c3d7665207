import type { Db } from '../../platform/db/index.ts';
import type { Shelf } from '../../platform/db/schema.ts';

/** The shelf a signed-in reader keeps this book on, or null when it is not in their library. */
export async function libraryShelfOf(db: Db, userId: string, slug: string): Promise<Shelf | null> {
  const row = await db.selectFrom('user_library').select('shelf').where('user_id', '=', userId).where('slug', '=', slug).executeTakeFirst();
  return row?.shelf ?? null;
}
