import { t, type Static } from 'elysia';
import { BookSchema, type Book } from '../catalogue/model.ts';

/** Usernames are 2–32 of A-Z a-z 0-9 _ - (accounts); anything else simply matches nobody (404). */
export const UsernameParams = t.Object({ username: t.String({ minLength: 1, maxLength: 64, error: 'username is required' }) });

export const PublicUserSchema = t.Object({ username: t.String(), avatar_url: t.Union([t.String(), t.Null()]) }, { title: 'PublicUser' });
export type PublicUser = Static<typeof PublicUserSchema>;

export const ProfileResponse = t.Object({
  user: PublicUserSchema,
  followers: t.Integer(),
  following: t.Integer(),
  /** Whether the caller follows this user; false for anonymous callers and for oneself. */
  is_following: t.Boolean(),
}, { title: 'Profile' });
export type Profile = Static<typeof ProfileResponse>;

export const FollowingResponse = t.Object({ following: t.Boolean() }, { title: 'Following' });

/** The follow button's form (home page suggestions; later profiles). */
export const FollowForm = t.Object({ return_to: t.Optional(t.String({ maxLength: 2000 })) });

/** One line of the feed before its book is looked up: who read which book, where, when. */
export interface FeedRow {
  user: PublicUser;
  slug: string;
  chapter: number;
  updated: string;
}

// Not t.UnionEnum: Elysia 1.4 fills an absent optional UnionEnum with its first value.
const ShelfField = t.Union([t.Literal('reading'), t.Literal('plan_to_read'), t.Literal('completed'), t.Literal('dropped')], {
  error: 'shelf must be one of reading, plan_to_read, completed, dropped',
});

export const PublicLibraryQuery = t.Object({ shelf: t.Optional(ShelfField) });

/**
 * One book of someone's public library. `chapter` is the chapter they are on (null: not started);
 * their scroll position and audio time stay private, unlike /api/library's `progress`.
 */
export const PublicLibraryEntrySchema = t.Object({ book: BookSchema, shelf: ShelfField, chapter: t.Union([t.Integer(), t.Null()]) }, { title: 'PublicLibraryEntry' });
export type PublicLibraryEntry = Static<typeof PublicLibraryEntrySchema>;
export const PublicLibraryResponse = t.Object({ books: t.Array(PublicLibraryEntrySchema) });

/** The profile page reads its tab leniently: an unknown shelf shows the default tab, not an error. */
export const ProfilePageQuery = t.Object({ shelf: t.Optional(t.String({ maxLength: 32 })) });

/** A book on the profile's "Recent reading": the chapter they are on, newest first. */
export interface RecentItem {
  book: Book;
  chapter: number;
  updated: string;
}
