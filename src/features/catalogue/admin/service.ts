import type { Db } from '../../../platform/db/index.ts';
import { jsonColumn } from '../../../platform/db/json.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { bookForAdmin, bookTitleOf, findBooks } from './queries.ts';

export type AdminBook = NonNullable<Awaited<ReturnType<typeof bookForAdmin>>>;

/** The books whose title holds the words (or whose slug is them), recently updated first. */
export async function findAdminBooks(db: Db, query: string, limit: number) {
  const rows = await findBooks(db, query, limit);
  return rows.map((b) => ({ slug: b.slug, title: b.title, chapterCount: b.chapter_count, sourceUrl: b.source_url }));
}

/** A book with what its admin page edits; 404 when there is none. */
export async function requireAdminBook(db: Db, slug: string): Promise<AdminBook> {
  return (await bookForAdmin(db, slug)) ?? Promise.reject(notFound('No such book'));
}

/** A book's title for other admin pages' headings (the AI jobs' review). */
export { bookTitleOf };

/** What the AI panel of a book's admin page shows. */
export function aiFacts(book: AdminBook) {
  return {
    slug: book.slug,
    tagline: book.tagline,
    genres: book.genres,
    warnings: jsonColumn<{ label: string; severity: string; reason: string }[]>(book.content_warnings, []),
    quality: { score: book.quality_score, reasons: jsonColumn<string[]>(book.quality_reasons, []) },
  };
}
