import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { Cache } from '../../platform/cache/port.ts';
import { carryOverDaily } from '../limits/daily.ts';

/**
 * Moves what an anonymous reader did into their account at sign-in. For the same book the more
 * recent row wins; nothing is lost and nothing is duplicated. Runs in one transaction.
 */
export async function mergeAnonymousReader(db: Db, cache: Cache, anonId: string, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two devices signing in to one account at once merge one after the other: each sees the
    // rows the other moved (no duplicate (user, book) rows). The rating trigger updates `books`
    // rows; taking those locks first, in slug order, keeps merges and ratings from deadlocking.
    await sql`select id from app_users where id = ${userId} for update`.execute(trx);
    await sql`select b.slug from books b where b.slug in (select r.slug from book_ratings r where r.session_id = ${anonId} and r.user_id is null)
      order by b.slug for update`.execute(trx);
    for (const table of ['progress', 'book_ratings'] as const) {
      const t = sql.table(table);
      // The account's row for a book takes the anonymous row's values when those are newer...
      const columns = table === 'progress' ? sql`chapter = a.chapter, scroll = a.scroll, audio_time = a.audio_time, updated_at = a.updated_at` : sql`rating = a.rating, updated_at = a.updated_at`;
      await sql`update ${t} as u set ${columns} from ${t} as a
        where a.session_id = ${anonId} and a.user_id is null and u.user_id = ${userId} and u.slug = a.slug and a.updated_at > u.updated_at`.execute(trx);
      // ...then the anonymous rows the account already had are dropped and the rest become the account's.
      await sql`delete from ${t} as a where a.session_id = ${anonId} and a.user_id is null
        and exists (select 1 from ${t} as u where u.user_id = ${userId} and u.slug = a.slug)`.execute(trx);
      await sql`update ${t} set user_id = ${userId} where session_id = ${anonId} and user_id is null`.execute(trx);
    }

    await sql`delete from discovery_votes as a where a.session_id = ${anonId} and a.user_id is null
      and exists (select 1 from discovery_votes as u where u.user_id = ${userId} and u.slug = a.slug)`.execute(trx);
    await sql`update discovery_votes set user_id = ${userId} where session_id = ${anonId} and user_id is null`.execute(trx);

    await mergeSettings(trx as unknown as Db, anonId, userId);
  });
  await carryOverDaily(cache, `anon:${anonId}`, `user:${userId}`, now);
}

/** Settings are one row per reader: newer anonymous choices overwrite the account's, field by field. */
async function mergeSettings(db: Db, anonId: string, userId: string): Promise<void> {
  const anon = await db.selectFrom('user_settings').selectAll().where('session_id', '=', anonId).where('user_id', 'is', null).executeTakeFirst();
  if (!anon) return;
  const mine = await db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!mine) {
    await db.updateTable('user_settings').set({ user_id: userId }).where('id', '=', anon.id).execute();
    return;
  }
  if (new Date(anon.updated_at) > new Date(mine.updated_at)) {
    const fields = ['auto_next', 'voice', 'speed', 'theme', 'locale', 'font_family', 'font_size'] as const;
    const changes: Record<string, unknown> = { updated_at: anon.updated_at };
    for (const field of fields) if (anon[field] !== null) changes[field] = anon[field];
    await db.updateTable('user_settings').set(changes).where('id', '=', mine.id).execute();
  }
  await db.deleteFrom('user_settings').where('id', '=', anon.id).execute();
}
