import { t, type Static } from 'elysia';
import { BookList } from '../catalogue/model.ts';

export const VOTE_ACTIONS = ['like', 'pass', 'save'] as const;
export type VoteAction = (typeof VOTE_ACTIONS)[number];

/** Cards per fetch: enough to swipe for a while, small enough to stay cheap (docs/api.md). */
export const DECK_SIZE = 10;
export const MAX_DECK_SIZE = 50;

export function isVoteAction(x: unknown): x is VoteAction {
  return typeof x === 'string' && (VOTE_ACTIONS as readonly string[]).includes(x);
}

const Slug = t.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', error: 'slug must be a book slug' });
// Not t.UnionEnum: Elysia 1.4 fills an optional UnionEnum with its first value when absent.
const Action = t.Union([t.Literal('like'), t.Literal('pass'), t.Literal('save')], { error: 'action must be like, pass or save' });
const Limit = t.Numeric({ minimum: 1, maximum: MAX_DECK_SIZE, multipleOf: 1, error: `limit must be a whole number from 1 to ${MAX_DECK_SIZE}` });

export const DeckQuery = t.Object({ limit: t.Optional(Limit) });
export const DeckResponse = BookList;

export const VoteBody = t.Object({ slug: Slug, action: Action });
export const VoteResponse = t.Object({
  slug: t.String(),
  action: Action,
  /** The book's library shelf after a save (an existing shelf is kept); null for like and pass. */
  shelf: t.Union([t.String(), t.Null()]),
}, { title: 'DiscoveryVote' });
export type VoteResult = Static<typeof VoteResponse>;

/** DELETE takes the slug in the query or in a JSON body; without one it clears the whole deck. */
export const UndoQuery = t.Object({ slug: t.Optional(Slug) });
export const UndoBody = t.Object({ slug: t.Optional(Slug) });
export const UndoResponse = t.Object({
  removed: t.Integer(),
  /** Undoing the save swipe that added the book took it out of the library again. */
  library_removed: t.Boolean(),
}, { title: 'DiscoveryUndo' });
export type UndoResult = Static<typeof UndoResponse>;

/** The page's forms: read leniently and checked by the handlers, which answer with pages. */
export const VoteForm = t.Object({
  slug: t.Optional(t.String({ maxLength: 200 })),
  action: t.Optional(t.String({ maxLength: 16 })),
});
export const UndoForm = t.Object({ slug: t.Optional(t.String({ maxLength: 200 })) });
export const PageQuery = t.Object({ top: t.Optional(t.String({ maxLength: 200 })) });
export const CardsQuery = DeckQuery;

/** The reader's most recent swipe, which the page offers to undo. */
export interface LastVote {
  slug: string;
  title: string;
  action: VoteAction;
}
