import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

export interface UserRef {
  id: string;
  username: string;
  avatar_key: string | null;
  provider_avatar_url: string | null;
}

/** A profile's owner: their public face and whether they keep their library to themselves. */
export interface ProfileUserRef extends UserRef {
  library_private: boolean;
}

const USER = ['id', 'username', 'avatar_key', 'provider_avatar_url', 'library_private'] as const;

/** Case-insensitive, like logins (app_users_username_idx is on lower(username)). */
export async function findUserRef(db: Db, username: string): Promise<ProfileUserRef | null> {
  const row = await db.selectFrom('app_users').select(USER).where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  return row ?? null;
}

/** Followers by user_subscriptions_followee_idx, following by the primary key. */
export async function followCounts(db: Db, userId: string): Promise<{ followers: number; following: number }> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*)::int from user_subscriptions where followee_id = ${userId})`.as('followers'),
      sql<number>`(select count(*)::int from user_subscriptions where follower_id = ${userId})`.as('following'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const row = await db.selectFrom('user_subscriptions').select('followee_id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  return row !== undefined;
}

export async function insertFollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.insertInto('user_subscriptions').values({ follower_id: followerId, followee_id: followeeId }).onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing()).execute();
}

export async function deleteFollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.deleteFrom('user_subscriptions').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute();
}

export interface FeedQueryRow extends Omit<UserRef, 'id'> {
  slug: string;
  chapter: number;
  updated_at: Date | string;
}

/**
 * What the people a user follows read, newest first. Progress holds one row per reader and book,
 * so each (user, book) appears once. The lateral subquery takes at most `limit` rows per followed
 * reader from progress_user_recent_idx, so the cost grows with the people followed, not with
 * everything they ever read. Readers who keep their library private are left out: private means
 * private everywhere, the feed included (the join to app_users is a primary-key probe anyway).
 */
export async function feedRows(db: Db, followerId: string, limit: number): Promise<FeedQueryRow[]> {
  const result = await sql<FeedQueryRow>`
    select u.username, u.avatar_key, u.provider_avatar_url, r.slug, r.chapter, r.updated_at
    from user_subscriptions s
    join app_users u on u.id = s.followee_id
    cross join lateral (
      select p.slug, p.chapter, p.updated_at from progress p
      where p.user_id = s.followee_id and p.user_id is not null
      order by p.updated_at desc
      limit ${limit}
    ) r
    where s.follower_id = ${followerId} and not u.library_private
    order by r.updated_at desc, u.username, r.slug
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * Readers active lately whom `userId` does not follow yet (and not `userId`), most recent first.
 * "Lately" is the last `window` progress rows by id (a backwards walk of the primary key), which
 * keeps the query cheap however large the table grows; it favours readers who recently opened a
 * book, which is what a suggestion wants. Private readers are not suggested: a suggestion is made
 * from their reading, which they chose not to show.
 */
export async function recentReaders(db: Db, userId: string, limit: number, window = 1000): Promise<UserRef[]> {
  const result = await sql<UserRef>`
    select u.id, u.username, u.avatar_key, u.provider_avatar_url
    from (select user_id, updated_at from progress where user_id is not null order by id desc limit ${window}) r
    join app_users u on u.id = r.user_id
    where r.user_id <> ${userId}
      and not u.library_private
      and not exists (select 1 from user_subscriptions s where s.follower_id = ${userId} and s.followee_id = r.user_id)
    group by u.id, u.username, u.avatar_key, u.provider_avatar_url
    order by max(r.updated_at) desc, u.username
    limit ${limit}`.execute(db);
  return result.rows;
}
