import type { Book } from './model.ts';
import type { BookRow } from './queries.ts';

/** Covers are served by the app at /covers/<key without its "covers/" prefix> (features/covers). */
export function coverPath(coverKey: string | null): string | null {
  return coverKey ? `/${coverKey}` : null;
}

/**
 * The language of a book's text, kept beside the Book rather than in it: the mobile shape has no
 * such field, and listings' JSON is made from the Book objects themselves (listing-json.ts).
 * Pages mark the book's own words with it (WCAG 3.1.2).
 */
const languages = new WeakMap<Book, string>();

export function withLanguage(language: string | undefined, book: Book): Book {
  if (language) languages.set(book, language);
  return book;
}

/** The book's language (BCP 47), when the query that made it read it. */
export function bookLanguage(book: Book): string | undefined {
  return languages.get(book);
}

/** A book row in the shape fixed for the mobile client (docs/api.md). */
export function toBook(row: BookRow): Book {
  return withLanguage(row.language, {
    slug: row.slug,
    title: row.title,
    author: row.author,
    cover_url: coverPath(row.cover_key),
    description: row.description,
    genres: row.genres,
    status: row.status,
    chapter_count: row.chapter_count,
    rating_avg: ratingAverage(row.rating_sum, row.rating_count),
    rating_count: row.rating_count,
    has_audio: row.has_audio,
  });
}

/** Two decimals; null before the first vote. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : null;
}
