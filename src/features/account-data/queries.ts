import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';

export type Executor = Db | Transaction<Database>;

/*
 * Everything one account made, across the tables of the features that keep it: read whole for
 * "Download my data" and erased in one transaction for "Delete my account". Each list is read by
 * the index on its user column, newest first, one row past its limit (so a cut list is known).
 */

export function accountRow(db: Executor, userId: string) {
  return db
    .selectFrom('app_users')
    .select(['id', 'username', 'role', 'email', 'email_verified', 'avatar_key', 'provider_avatar_url', 'library_private', 'pro_until', 'created_at'])
    .select(sql<boolean>`password_hash is not null`.as('has_password'))
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function identitiesOf(db: Executor, userId: string, limit: number) {
  return db.selectFrom('user_identities').select(['provider', 'provider_user_id', 'email', 'created_at']).where('user_id', '=', userId).orderBy('created_at').limit(limit + 1).execute();
}

export function sessionsOf(db: Executor, userId: string, limit: number) {
  // The session id is the last part of the auth token: never exported.
  return db.selectFrom('user_sessions').select(['user_agent', 'ip', 'created', 'last_seen']).where('user_id', '=', userId).orderBy('last_seen', 'desc').limit(limit + 1).execute();
}

export function progressOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('progress as p')
    .innerJoin('books as b', 'b.slug', 'p.slug')
    .select(['p.slug', 'b.title', 'p.chapter', 'p.scroll', 'p.audio_time', 'p.updated_at'])
    .where('p.user_id', '=', userId)
    .orderBy('p.updated_at', 'desc')
    .limit(limit + 1)
    .execute();
}

export function libraryOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('user_library as l')
    .innerJoin('books as b', 'b.slug', 'l.slug')
    .select(['l.slug', 'b.title', 'l.shelf', 'l.added_at', 'l.updated_at'])
    .where('l.user_id', '=', userId)
    .orderBy('l.updated_at', 'desc')
    .limit(limit + 1)
    .execute();
}

/** The account's comments with where they stand; those it deleted (kept as "[deleted]") say nothing and are left out. */
export function commentsOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('book_comments as c')
    .innerJoin('books as b', 'b.slug', 'c.slug')
    .leftJoin('chapters as ch', (join) => join.onRef('ch.book_slug', '=', 'c.slug').onRef('ch.number', '=', 'c.chapter'))
    .select(['c.id', 'c.slug', 'b.title as book_title', 'c.chapter', 'ch.title as chapter_title', 'c.parent_id', 'c.text', 'c.upvotes', 'c.downvotes', 'c.created_at'])
    .where('c.author_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function commentVotesOf(db: Executor, userId: string, limit: number) {
  return db.selectFrom('comment_votes').select(['comment_id', 'direction', 'created_at']).where('voter_id', '=', userId).orderBy('created_at', 'desc').limit(limit + 1).execute();
}

export function ratingsOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('book_ratings as r')
    .innerJoin('books as b', 'b.slug', 'r.slug')
    .select(['r.slug', 'b.title', 'r.rating', 'r.updated_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.updated_at', 'desc')
    .limit(limit + 1)
    .execute();
}

export function followingOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('user_subscriptions as s')
    .innerJoin('app_users as u', 'u.id', 's.followee_id')
    .select(['u.username', 's.created_at'])
    .where('s.follower_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .limit(limit + 1)
    .execute();
}

export function followersOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('user_subscriptions as s')
    .innerJoin('app_users as u', 'u.id', 's.follower_id')
    .select(['u.username', 's.created_at'])
    .where('s.followee_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .limit(limit + 1)
    .execute();
}

export function discoveryVotesOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('discovery_votes as d')
    .innerJoin('books as b', 'b.slug', 'd.slug')
    .select(['d.slug', 'b.title', 'd.action', 'd.created_at'])
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at', 'desc')
    .limit(limit + 1)
    .execute();
}

export function notificationsOf(db: Executor, userId: string, limit: number) {
  return db.selectFrom('notifications').select(['title', 'body', 'link', 'read', 'created_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit + 1).execute();
}

/** Names and dates only: never the hash. Revoked ones too (they are part of the account's history). */
export function appPasswordsOf(db: Executor, userId: string, limit: number) {
  return db.selectFrom('app_passwords').select(['name', 'created_at', 'last_used_at', 'revoked_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(limit + 1).execute();
}

export function readingDaysOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('reading_days')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'slug', 'chapters', 'words', 'listened_seconds'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .orderBy('slug')
    .limit(limit + 1)
    .execute();
}

export function kosyncPositionsOf(db: Executor, userId: string, limit: number) {
  return db.selectFrom('kosync_positions').select(['document', 'progress', 'percentage', 'device', 'device_id', 'updated_at']).where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('document').limit(limit + 1).execute();
}

/**
 * The account and every administrator, locked in one order (by id) until the transaction ends:
 * two administrators deleting themselves at once cannot both see the other one still there.
 */
export function lockAccountAndAdmins(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('app_users')
    .select(['id', 'username', 'role', 'avatar_key', 'disabled_at'])
    .where((eb) => eb.or([eb('id', '=', userId), eb('role', '=', 'admin')]))
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function sessionIdsOf(trx: Executor, userId: string): Promise<string[]> {
  return (await trx.selectFrom('user_sessions').select('id').where('user_id', '=', userId).execute()).map((row) => row.id);
}

/**
 * The account's comments stay in their threads, saying nothing: text wiped, rendering dropped,
 * marked deleted. Deleting the account then sets their author to NULL (the foreign key).
 */
export async function blankCommentsOf(trx: Executor, userId: string, placeholder: string): Promise<number> {
  const result = await trx
    .updateTable('book_comments')
    .set({ text: placeholder, html: null, html_version: null, deleted_at: sql<Date>`coalesce(deleted_at, now())` })
    .where('author_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Removes the account. Its sessions, identities, settings, progress, library, ratings (the books'
 * totals follow by trigger), votes (the comments' totals follow by trigger), follows both ways,
 * discovery votes and notifications go with it (ON DELETE CASCADE); jobs and tasks it started
 * forget who started them (ON DELETE SET NULL).
 */
export async function deleteAccountRow(trx: Executor, userId: string): Promise<boolean> {
  const result = await trx.deleteFrom('app_users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function anotherAdmin(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('app_users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).where('id', '<>', userId).limit(1).executeTakeFirst()) !== undefined;
}
