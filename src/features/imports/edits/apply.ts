import type { ParsedBook } from '../parse/index.ts';
import type { ImportEdits } from '../model.ts';
import { bookFields } from './book.ts';
import { editedChapters } from './chapters.ts';

/**
 * The parsed book with the admin's edits (model.ts ImportEdits): fields, genres and chapters as
 * they will be published. Pure and deterministic: the review page's preview and the publish job
 * call it on the same stored book. Edits that do not fit the book are a 400 (problems.ts).
 */
export function applyEdits(book: ParsedBook, edits: ImportEdits | undefined): { book: ParsedBook; genres: string[] } {
  const fields = bookFields(book, edits?.book);
  const chapters = edits?.chapters ? editedChapters(book, edits.chapters) : book.chapters;
  return {
    book: { ...book, title: fields.title, author: fields.author, description: fields.description, language: fields.language, chapters },
    genres: fields.genres,
  };
}
