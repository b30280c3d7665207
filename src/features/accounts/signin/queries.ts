import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/index.ts';
import { findUserByUsername, USER_COLUMNS, type Executor } from '../queries.ts';

export function findUserByVerifiedEmail(db: Executor, email: string) {
  return db
    .selectFrom('app_users')
    .select(USER_COLUMNS)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('email_verified', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
}

export function findUserByIdentity(db: Executor, provider: string, providerUserId: string) {
  return db
    .selectFrom('user_identities as i')
    .innerJoin('app_users as u', 'u.id', 'i.user_id')
    .select(USER_COLUMNS.map((c) => `u.${c}` as const))
    .where('i.provider', '=', provider as never)
    .where('i.provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  return (await findUserByUsername(db, username)) !== undefined;
}

export function linkIdentity(db: Executor, userId: string, provider: 'google' | 'github' | 'oidc', providerUserId: string, email: string | null) {
  return db
    .insertInto('user_identities')
    .values({ user_id: userId, provider, provider_user_id: providerUserId, email })
    .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doNothing())
    .execute();
}

export async function anyAdmin(db: Executor): Promise<boolean> {
  return (await db.selectFrom('app_users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst()) !== undefined;
}

export async function anyPassword(db: Executor): Promise<boolean> {
  return (await db.selectFrom('app_users').select('id').where('password_hash', 'is not', null).limit(1).executeTakeFirst()) !== undefined;
}

/** Serialises owner set-up across processes for the rest of the transaction. */
export async function lockOwnerSetup(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('chapterhouse:owner-setup'))`.execute(trx);
}

// What an anonymous reader did, moved into their account at sign-in (service.ts, mergeAnonymousReader).

/**
 * Two devices signing in to one account at once merge one after the other: each sees the rows
 * the other moved (no duplicate (user, book) rows). The rating trigger updates `books` rows;
 * taking those locks first, in slug order, keeps merges and ratings from deadlocking.
 */
export async function lockForMerge(trx: Transaction<Database>, anonId: string, userId: string): Promise<void> {
  await sql`select id from app_users where id = ${userId} for update`.execute(trx);
  await sql`select b.slug from books b where b.slug in (select r.slug from book_ratings r where r.session_id = ${anonId} and r.user_id is null)
    order by b.slug for update`.execute(trx);
}

/**
 * For the same book the more recent row wins; nothing is lost and nothing is duplicated. For
 * progress, the newer reading place (with its pending look-back) wins, and the furthest point
 * reached is the further of the two whichever is newer.
 */
export async function mergeBookRows(trx: Transaction<Database>, table: 'progress' | 'book_ratings', anonId: string, userId: string): Promise<void> {
  const t = sql.table(table);
  if (table === 'progress') {
    await sql`update progress as u set furthest_chapter = a.furthest_chapter, furthest_scroll = a.furthest_scroll from progress as a
      where a.session_id = ${anonId} and a.user_id is null and u.user_id = ${userId} and u.slug = a.slug
        and (a.furthest_chapter, a.furthest_scroll) > (u.furthest_chapter, u.furthest_scroll)`.execute(trx);
  }
  // The account's row for a book takes the anonymous row's values when those are newer...
  const columns = table === 'progress'
    ? sql`chapter = a.chapter, scroll = a.scroll, audio_time = a.audio_time, updated_at = a.updated_at,
        back_chapter = a.back_chapter, back_scroll = a.back_scroll, back_since = a.back_since, back_audio = a.back_audio`
    : sql`rating = a.rating, updated_at = a.updated_at`;
  await sql`update ${t} as u set ${columns} from ${t} as a
    where a.session_id = ${anonId} and a.user_id is null and u.user_id = ${userId} and u.slug = a.slug and a.updated_at > u.updated_at`.execute(trx);
  // ...then the anonymous rows the account already had are dropped and the rest become the account's.
  await sql`delete from ${t} as a where a.session_id = ${anonId} and a.user_id is null
    and exists (select 1 from ${t} as u where u.user_id = ${userId} and u.slug = a.slug)`.execute(trx);
  await sql`update ${t} set user_id = ${userId} where session_id = ${anonId} and user_id is null`.execute(trx);
}

export async function mergeDiscoveryVotes(trx: Transaction<Database>, anonId: string, userId: string): Promise<void> {
  await sql`delete from discovery_votes as a where a.session_id = ${anonId} and a.user_id is null
    and exists (select 1 from discovery_votes as u where u.user_id = ${userId} and u.slug = a.slug)`.execute(trx);
  await sql`update discovery_votes set user_id = ${userId} where session_id = ${anonId} and user_id is null`.execute(trx);
}

export function anonymousSettings(db: Executor, anonId: string) {
  return db.selectFrom('user_settings').selectAll().where('session_id', '=', anonId).where('user_id', 'is', null).executeTakeFirst();
}

export function accountSettings(db: Executor, userId: string) {
  return db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function giveSettingsTo(db: Executor, settingsId: number, userId: string): Promise<void> {
  await db.updateTable('user_settings').set({ user_id: userId }).where('id', '=', settingsId).execute();
}

export async function updateSettings(db: Executor, settingsId: number, changes: Record<string, unknown>): Promise<void> {
  await db.updateTable('user_settings').set(changes).where('id', '=', settingsId).execute();
}

export async function deleteSettings(db: Executor, settingsId: number): Promise<void> {
  await db.deleteFrom('user_settings').where('id', '=', settingsId).execute();
}
