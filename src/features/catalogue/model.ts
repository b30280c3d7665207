import { t, type Static } from 'elysia';
import { LOCALES } from '../../platform/i18n/locale.ts';

/** The highest chapter number a book may have (reader, audio and translation addresses check it). */
export const MAX_CHAPTER = 1_000_000;

/** A warning an admin accepted for a book (AI-suggested, reviewed). */
export const ContentWarningSchema = t.Object({ label: t.String(), severity: t.String(), reason: t.String() }, { title: 'ContentWarning' });

/** The book shape fixed for the mobile client (docs/api.md): every listing's card and, with tagline and warnings, one book's detail. */
export const BookSchema = t.Object({
  slug: t.String(),
  title: t.String(),
  author: t.String(),
  cover_url: t.Union([t.String(), t.Null()]),
  description: t.String(),
  genres: t.Array(t.String()),
  status: t.Union([t.Literal('ongoing'), t.Literal('completed')]),
  chapter_count: t.Integer(),
  rating_avg: t.Union([t.Number(), t.Null()]),
  rating_count: t.Integer(),
  has_audio: t.Boolean(),
  /** On one book's detail only: a one-line tagline and content warnings an admin accepted. */
  tagline: t.Optional(t.String()),
  content_warnings: t.Optional(t.Array(ContentWarningSchema)),
}, { title: 'Book' });
export type Book = Static<typeof BookSchema>;

export const PAGE_SIZE = 24;
export const MAX_LIMIT = 100;
export const RANKING_SIZE = 50;
export const MAX_QUERY_LENGTH = 200;

export const BROWSE_SORTS = ['popular', 'updated', 'new', 'rating', 'title'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const RANKINGS = ['popular', 'rating', 'new', 'updated'] as const;
export type Ranking = (typeof RANKINGS)[number];
export const STATUSES = ['ongoing', 'completed'] as const;

// Query values arrive as strings. An empty value (a form's "any" option) means "no filter".
const Page = t.Numeric({ minimum: 1, maximum: 100_000, multipleOf: 1, error: 'page must be a whole number of at least 1' });
const Limit = t.Numeric({ minimum: 1, maximum: MAX_LIMIT, multipleOf: 1, error: `limit must be a whole number from 1 to ${MAX_LIMIT}` });

export const BrowseQuery = t.Object({
  genre: t.Optional(t.String({ maxLength: 100, error: 'genre must be a genre slug' })),
  status: t.Optional(t.UnionEnum(['', ...STATUSES], { error: 'status must be ongoing or completed' })),
  sort: t.Optional(t.UnionEnum(['', ...BROWSE_SORTS], { error: `sort must be one of ${BROWSE_SORTS.join(', ')}` })),
  audio: t.Optional(t.UnionEnum(['', '0', '1'], { error: 'audio must be 1 (only books with audio) or 0' })),
  page: t.Optional(Page),
  limit: t.Optional(Limit),
});
export type BrowseQueryInput = Static<typeof BrowseQuery>;

/** `q` is checked by the handler so that "missing" and "too long" get their own messages. */
export const SearchQuery = t.Object({
  q: t.Optional(t.String()),
  page: t.Optional(Page),
});

export const RankingQuery = t.Object({
  by: t.Optional(t.UnionEnum(['', ...RANKINGS], { error: `by must be one of ${RANKINGS.join(', ')}` })),
  limit: t.Optional(Limit),
});

export const BookPage = t.Object({ books: t.Array(BookSchema), page: t.Integer(), has_more: t.Boolean() }, { title: 'BookPage' });
export type BookPageBody = Static<typeof BookPage>;
export const BookList = t.Object({ books: t.Array(BookSchema) }, { title: 'BookList' });

export const GenreSchema = t.Object({ slug: t.String(), name: t.String(), count: t.Integer() });
export type Genre = Static<typeof GenreSchema>;
/** `label`: the genre's name in `?locale=` (only when asked); `name` stays the stored one. */
export const GenresResponse = t.Object({ genres: t.Array(t.Composite([GenreSchema, t.Object({ label: t.Optional(t.String()) })], { title: 'Genre' })) });
export const GenresQuery = t.Object({
  locale: t.Optional(t.UnionEnum(['', ...LOCALES], { error: `locale must be one of ${LOCALES.join(', ')}` })),
});
export const SlugsResponse = t.Object({ slugs: t.Array(t.String()) });

/** A book on a ranking, with the figures the ranking page shows beside it. */
export interface RankedBook {
  book: Book;
  reads7d: number;
  reads30d: number;
}
