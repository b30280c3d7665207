import { t, type Static } from 'elysia';

/** The book shape fixed for the mobile client (docs/api.md). */
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
});
export type Book = Static<typeof BookSchema>;
