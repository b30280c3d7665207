import type { ParsedBook } from '../parse/index.ts';
import type { ImportBookEdits } from '../model.ts';
import { knownGenre } from './genres.ts';
import { EditsRefused, type Problem } from './problems.ts';

const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;
export const MAX_GENRES = 10;

/** The admin's book fields, tidied (spaces trimmed, genres as the catalogue names them), or a 400 naming every field that is wrong. */
export function checkedBookEdits(input: ImportBookEdits): ImportBookEdits {
  const problems: Problem[] = [];
  const title = input.title.replace(/\s+/g, ' ').trim();
  const author = input.author.replace(/\s+/g, ' ').trim();
  const description = input.description.replace(/\r\n/g, '\n').trim();
  if (!title) problems.push({ key: 'titleBlank', params: {}, field: 'title' });
  if (title.length > 500) problems.push({ key: 'titleLong', params: {}, field: 'title' });
  if (author.length > 300) problems.push({ key: 'authorLong', params: {}, field: 'author' });
  if (description.length > 20_000) problems.push({ key: 'descriptionLong', params: {}, field: 'description' });
  const genres: string[] = [];
  for (const value of input.genres.filter((g) => g.trim() !== '')) {
    const name = knownGenre(value);
    if (!name) problems.push({ key: 'genreUnknown', params: { genre: value.trim().slice(0, 60) }, field: 'genres' });
    else if (!genres.includes(name)) genres.push(name);
  }
  if (genres.length > MAX_GENRES) problems.push({ key: 'genresMany', params: { max: String(MAX_GENRES) }, field: 'genres' });
  let language = input.language === undefined || input.language === null ? input.language : input.language.trim().replace(/_/g, '-');
  if (language === '') language = null;
  if (language && !LANGUAGE_TAG.test(language)) problems.push({ key: 'languageBad', params: { language: language.slice(0, 35) }, field: 'language' });
  if (problems.length) throw new EditsRefused(problems);
  return { title, author, description, genres, ...(language !== undefined ? { language } : {}) };
}

/** The book's fields as they will be published: the admin's where given, the file's otherwise. */
export function bookFields(book: ParsedBook, edits: ImportBookEdits | undefined): ImportBookEdits & { language: string | null } {
  return {
    title: edits?.title ?? book.title,
    author: edits?.author ?? book.author,
    description: edits?.description ?? book.description,
    genres: edits?.genres ?? [],
    language: edits?.language !== undefined ? edits.language : book.language,
  };
}
