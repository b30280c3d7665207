import { t, type Static } from 'elysia';

/** Shapes of the admin audio-cache API (docs/api.md "Admin: audio cache"). */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

const Limit = t.Numeric({ minimum: 1, maximum: MAX_LIMIT, multipleOf: 1, error: `limit must be a whole number from 1 to ${MAX_LIMIT}` });
const Slug = t.String({ minLength: 1, maxLength: 200, error: 'slug must be a book slug' });
// The cursor is checked by decodeCursor (cursor.ts); this only bounds its size.
const After = t.String({ maxLength: 1000, error: 'after must be the `next` cursor of an earlier page' });

export const CacheQuery = t.Object({ limit: t.Optional(Limit), after: t.Optional(After), slug: t.Optional(Slug) });

export const CacheItem = t.Object({
  slug: t.String(),
  /** The book's title. */
  title: t.String(),
  chapter: t.Integer(),
  voice: t.String(),
  /** The speech engine of the voice: espeak, flite or openai. */
  engine: t.String(),
  format: t.String(),
  size_bytes: t.Number(),
  duration_seconds: t.Number(),
  /** ISO 8601: when this audio was stored. */
  created: t.String(),
});
export type CacheItem = Static<typeof CacheItem>;

export const CacheResponse = t.Object({
  items: t.Array(CacheItem),
  /** Over every stored audio object the query matches (all of them without `slug`), not just this page. */
  total_bytes: t.Number(),
  count: t.Integer(),
  /** Pass as `after` for the next page; null on the last page. */
  next: t.Union([t.String(), t.Null()]),
});
export type CachePage = Static<typeof CacheResponse>;

// Validation runs before the admin check: the slug, `n` and `voice` are checked by hand (service.ts), so
// that a caller who is not an admin hears 403 whatever the path holds, like every admin route.
export const DeleteParams = t.Object({ slug: t.String(), n: t.String() });
export const DeleteQuery = t.Object({ voice: t.Optional(t.String()) });
export const RemovedResponse = t.Object({ removed: t.Literal(true) });

/**
 * The page's query and its delete form are read by hand (page-routes.ts), leniently for the
 * query (a bad cursor or limit shows the first page at the default size): no schema error can
 * come before the admin check.
 */
export const PageQuery = t.Object({
  after: t.Optional(t.String()),
  slug: t.Optional(t.String()),
  limit: t.Optional(t.String()),
  done: t.Optional(t.String()),
});

export const DeleteForm = t.Object({
  slug: t.Optional(t.String()),
  chapter: t.Optional(t.String()),
  voice: t.Optional(t.String()),
  confirmed: t.Optional(t.String()),
  /** The filter of the page the form was on, to come back to it. */
  filter: t.Optional(t.String()),
});
