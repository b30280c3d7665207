import { t, type Static } from 'elysia';

/** Comments shown (not deleted, replies included) per thread of a book. */
export const CountsResponse = t.Object({
  /** The book's own thread (comments without a chapter). */
  book: t.Integer(),
  /** The book's own thread and every chapter's. */
  total: t.Integer(),
  /** Chapter number → comments on it; chapters without comments are left out. */
  chapters: t.Record(t.String(), t.Integer()),
}, { title: 'CommentCounts' });
export type CommentCounts = Static<typeof CountsResponse>;

export const CountQuery = t.Object({ chapter: t.Optional(t.String({ maxLength: 12 })) });
