import type { Db } from '../../../platform/db/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { GlossaryEntry } from '../glossary.ts';
import { bookTitle, glossaryOf, saveGlossary } from '../queries.ts';

/** The book's title; 404 when there is no such book. */
export async function requireBook(db: Db, slug: string): Promise<string> {
  const title = await bookTitle(db, slug);
  if (title === null) throw notFound('Book not found');
  return title;
}

/** A book's glossary: names and terms with their form per locale. */
export function bookGlossary(db: Db, slug: string): Promise<GlossaryEntry[]> {
  return glossaryOf(db, slug);
}

/** Replaces a book's glossary, remembering who changed it. */
export function replaceGlossary(db: Db, slug: string, entries: readonly GlossaryEntry[], userId: string | null): Promise<void> {
  return saveGlossary(db, slug, entries, userId);
}
