import { t, type Static } from 'elysia';
import { BookSchema, MAX_CHAPTER } from '../catalogue/model.ts';

/** Unknown or malformed slugs are simply not found (404), like any other missing book. */
const Slug = t.String({ minLength: 1, maxLength: 200 });

export const BookParams = t.Object({ slug: Slug });

/** Optional paging of a book's chapter list: by chapter number (no offsets to skip through). */
export const BookQuery = t.Object({
  from: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: 'from must be a chapter number of at least 1' })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 10_000, multipleOf: 1, error: 'limit must be a whole number from 1 to 10000' })),
});

export const ChapterTitleSchema = t.Object({ number: t.Integer(), title: t.String() }, { title: 'ChapterSummary' });
export type ChapterTitle = Static<typeof ChapterTitleSchema>;

export const BookDetailResponse = t.Object({ book: BookSchema, chapters: t.Array(ChapterTitleSchema) }, { title: 'BookDetail' });
export type BookDetail = Static<typeof BookDetailResponse>;

export const ChapterParams = t.Object({
  slug: Slug,
  n: t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: 'n must be a chapter number (a whole number of at least 1)' }),
});

/** `locale`: a stored machine translation of the chapter when there is one (features/translation); else the original. */
export const ChapterQuery = t.Object({ locale: t.Optional(t.String({ maxLength: 16 })) });

export const ChapterResponse = t.Object({
  book: t.Object({ slug: t.String(), title: t.String() }),
  /** `locale` only when a translation was served (the original's language is not recorded). */
  chapter: t.Object({ number: t.Integer(), title: t.String(), text: t.String(), html: t.String(), locale: t.Optional(t.String()) }),
  prev: t.Union([t.Integer(), t.Null()]),
  next: t.Union([t.Integer(), t.Null()]),
}, { title: 'Chapter' });
export type ChapterJson = Static<typeof ChapterResponse>;
