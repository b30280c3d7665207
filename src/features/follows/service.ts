import type { Db } from '../../platform/db/index.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { avatarUrlOf } from '../accounts/users.ts';
import type { FeedRow, Profile, PublicUser } from './model.ts';
import { deleteFollow, feedRows, findUserRef, followCounts, insertFollow, isFollowing, recentReaders, type ProfileUserRef, type UserRef } from './queries.ts';

/** Feed entries on the home page and in /api/home. */
export const FEED_LIMIT = 20;

/** `avatar_url` is absolute in JSON (docs/api.md, accounts), as in /api/auth/me. */
export function publicUserOf(row: Pick<UserRef, 'username' | 'avatar_key' | 'provider_avatar_url'>, baseUrl: string): PublicUser {
  return { username: row.username, avatar_url: avatarUrlOf({ avatarKey: row.avatar_key, providerAvatarUrl: row.provider_avatar_url }, baseUrl) };
}

export async function requireUser(db: Db, username: string): Promise<ProfileUserRef> {
  const user = await findUserRef(db, username);
  if (!user) throw notFound('User not found');
  return user;
}

/** Counts and follow state of a user already looked up (the profile page reuses the row). */
export async function profileFor(db: Db, user: UserRef, viewerId: string | null, baseUrl: string): Promise<Profile> {
  const [counts, following] = await Promise.all([
    followCounts(db, user.id),
    viewerId && viewerId !== user.id ? isFollowing(db, viewerId, user.id) : Promise.resolve(false),
  ]);
  return { user: publicUserOf(user, baseUrl), ...counts, is_following: following };
}

/** A public profile with follower counts and whether the viewer (null: anonymous) follows them. */
export async function profileOf(db: Db, username: string, viewerId: string | null, baseUrl: string): Promise<Profile> {
  return profileFor(db, await requireUser(db, username), viewerId, baseUrl);
}

/** Follower and following counts alone (the profile page's counts after a follow with htmx). */
export async function countsOf(db: Db, username: string): Promise<{ followers: number; following: number }> {
  return followCounts(db, (await requireUser(db, username)).id);
}

/** Idempotent: following twice, or unfollowing someone not followed, changes nothing. */
export async function setFollowing(db: Db, followerId: string, username: string, follow: boolean): Promise<{ following: boolean; username: string }> {
  const user = await requireUser(db, username);
  if (user.id === followerId) throw badRequest('You cannot follow yourself');
  if (follow) await insertFollow(db, followerId, user.id);
  else await deleteFollow(db, followerId, user.id);
  return { following: follow, username: user.username };
}

/** Newest first, one entry per followed reader and book; books are looked up by the caller. */
export async function followFeed(db: Db, userId: string, baseUrl: string, limit = FEED_LIMIT): Promise<FeedRow[]> {
  const rows = await feedRows(db, userId, limit);
  return rows.map((row) => ({ user: publicUserOf(row, baseUrl), slug: row.slug, chapter: row.chapter, updated: new Date(row.updated_at).toISOString() }));
}

/** A few readers active lately whom the user could follow (not themselves, not already followed). */
export async function suggestedReaders(db: Db, userId: string, baseUrl: string, limit = 4): Promise<PublicUser[]> {
  return (await recentReaders(db, userId, limit)).map((row) => publicUserOf(row, baseUrl));
}
