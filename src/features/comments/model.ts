import { t, type Static } from 'elysia';

/** Top-level comments per page; each comes with all of its replies. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
/** Characters (code points, as PostgreSQL's char_length counts them) a comment may hold. */
export const MAX_TEXT = 10_000;
/** What a deleted comment that still has replies shows instead of its text and author. */
export const DELETED_TEXT = '[deleted]';

export type CommentSort = 'top' | 'new';
export type VoteDirection = 'up' | 'down';

const Slug = t.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', error: 'slug must be a book slug' });
// bigint ids; more than 16 digits cannot be a comment of ours and would not survive a JS number.
const CommentId = t.String({ pattern: '^[1-9][0-9]{0,15}$', error: 'id must be a comment id (a whole number)' });
const Sort = t.Union([t.Literal('top'), t.Literal('new')], { error: 'sort must be top or new' });
const Direction = t.Union([t.Literal('up'), t.Literal('down')]);

export const SlugParams = t.Object({ slug: Slug });
export const IdParams = t.Object({ id: CommentId });

/** `chapter` and `after` are parsed by the service (clear messages, no coercion surprises). */
export const ListQuery = t.Object({
  chapter: t.Optional(t.String({ maxLength: 12, error: 'chapter must be a chapter number (a whole number of at least 1)' })),
  // Not t.UnionEnum: Elysia 1.4 fills an absent optional UnionEnum with its first value.
  sort: t.Optional(Sort),
  after: t.Optional(t.String({ maxLength: 64, error: 'after must be the `next` value of the previous page' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })),
});

export const CreateBody = t.Object({
  text: t.String({ error: 'text must be a string of 1 to 10,000 characters' }),
  chapter: t.Optional(t.Union([t.Integer({ minimum: 1, maximum: 2147483647 }), t.Null()], { error: 'chapter must be a chapter number (a whole number of at least 1) or null' })),
  parent_id: t.Optional(t.Union([t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), t.Null()], { error: 'parent_id must be a comment id or null' })),
});

export const VoteBody = t.Object({
  direction: t.Union([t.Literal('up'), t.Literal('down'), t.Literal('none')], { error: 'direction must be up, down or none' }),
});

export const CommentSchema = t.Object({
  id: t.Integer(),
  slug: t.String(),
  chapter: t.Union([t.Integer(), t.Null()]),
  parent_id: t.Union([t.Integer(), t.Null()]),
  /** A deleted comment kept for its replies shows `{id: null, username: "[deleted]"}`. */
  author: t.Object({ id: t.Union([t.String(), t.Null()]), username: t.String() }),
  text: t.String(),
  html: t.String(),
  upvotes: t.Integer(),
  downvotes: t.Integer(),
  created: t.String(),
  deleted: t.Boolean(),
}, { title: 'Comment' });
export type Comment = Static<typeof CommentSchema>;

export const ListResponse = t.Object({
  comments: t.Array(CommentSchema),
  myVotes: t.Record(t.String(), Direction),
  avatarUrls: t.Record(t.String(), t.String()),
  sort: Sort,
  has_more: t.Boolean(),
  /** Pass as `after` for the next page; null on the last one. */
  next: t.Union([t.String(), t.Null()]),
}, { title: 'CommentPage' });
export type CommentList = Static<typeof ListResponse>;

export const CreatedResponse = t.Object({ comment: CommentSchema });
export const VoteResponse = t.Object({ id: t.Integer(), upvotes: t.Integer(), downvotes: t.Integer(), mine: t.Union([Direction, t.Null()]) }, { title: 'CommentVotes' });
export type VoteResult = Static<typeof VoteResponse>;
export const DeleteResponse = t.Object({
  id: t.Integer(),
  /** True when the comment stays as "[deleted]" because it has replies. */
  placeholder: t.Boolean(),
  /** Every comment that no longer exists: this one (unless kept) and a "[deleted]" parent left without replies. */
  removed: t.Array(t.Integer()),
}, { title: 'DeletedComment' });
export type DeleteResult = Static<typeof DeleteResponse>;

/** The page forms post strings; the handlers parse them like the JSON bodies. */
export const CommentForm = t.Object({
  text: t.Optional(t.String()),
  chapter: t.Optional(t.String({ maxLength: 12 })),
  parent_id: t.Optional(t.String({ maxLength: 20 })),
  return_to: t.Optional(t.String({ maxLength: 2000 })),
});
export const VoteForm = t.Object({ direction: t.Optional(t.String({ maxLength: 8 })), return_to: t.Optional(t.String({ maxLength: 2000 })) });
export const DeleteForm = t.Object({ confirmed: t.Optional(t.String({ maxLength: 8 })), return_to: t.Optional(t.String({ maxLength: 2000 })) });
export const PageQuery = t.Object({
  chapter: t.Optional(t.String({ maxLength: 12 })),
  sort: t.Optional(t.String({ maxLength: 8 })),
  after: t.Optional(t.String({ maxLength: 64 })),
  focus: t.Optional(t.String({ maxLength: 20 })),
});
