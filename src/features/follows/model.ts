import { t, type Static } from 'elysia';

/** Usernames are 2–32 of A-Z a-z 0-9 _ - (accounts); anything else simply matches nobody (404). */
export const UsernameParams = t.Object({ username: t.String({ minLength: 1, maxLength: 64, error: 'username is required' }) });

export const PublicUserSchema = t.Object({ username: t.String(), avatar_url: t.Union([t.String(), t.Null()]) });
export type PublicUser = Static<typeof PublicUserSchema>;

export const ProfileResponse = t.Object({
  user: PublicUserSchema,
  followers: t.Integer(),
  following: t.Integer(),
  /** Whether the caller follows this user; false for anonymous callers and for oneself. */
  is_following: t.Boolean(),
});
export type Profile = Static<typeof ProfileResponse>;

export const FollowingResponse = t.Object({ following: t.Boolean() });

/** The follow button's form (home page suggestions; later profiles). */
export const FollowForm = t.Object({ return_to: t.Optional(t.String({ maxLength: 2000 })) });

/** One line of the feed before its book is looked up: who read which book, where, when. */
export interface FeedRow {
  user: PublicUser;
  slug: string;
  chapter: number;
  updated: string;
}
