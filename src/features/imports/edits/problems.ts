import { AppError } from '../../../platform/http/errors.ts';

/**
 * What can be wrong with an admin's edits: a key the review page translates (importReview.error.*),
 * its parameters, and the English sentence the JSON API answers with.
 */
export type ProblemKey =
  | 'titleBlank'
  | 'titleLong'
  | 'authorLong'
  | 'descriptionLong'
  | 'genreUnknown'
  | 'genresMany'
  | 'languageBad'
  | 'firstNotStart'
  | 'placeMissing'
  | 'orderWrong'
  | 'chapterTitleBlank'
  | 'chapterTitleLong'
  | 'noChapter'
  | 'mergeFirst'
  | 'splitOutside';

export interface Problem {
  key: ProblemKey;
  params: Record<string, string>;
  /** Which form field it is about (book fields), for the page. */
  field?: 'title' | 'author' | 'description' | 'genres' | 'language';
}

const ENGLISH: Record<ProblemKey, string> = {
  titleBlank: 'The book needs a title.',
  titleLong: 'The title is longer than 500 characters.',
  authorLong: 'The author is longer than 300 characters.',
  descriptionLong: 'The description is longer than 20000 characters.',
  genreUnknown: '“{genre}” is not one of the catalogue’s genres.',
  genresMany: 'Choose at most {max} genres.',
  languageBad: '“{language}” is not a language code such as en or pt-BR.',
  firstNotStart: 'The first chapter must begin where the book begins.',
  placeMissing: 'Chapter {n} begins at a place the book does not have.',
  orderWrong: 'Chapter {n} does not begin after the chapter before it.',
  chapterTitleBlank: 'Chapter {n} needs a title.',
  chapterTitleLong: 'The title of chapter {n} is longer than 500 characters.',
  noChapter: 'There is no chapter {n}.',
  mergeFirst: 'The first chapter has no chapter before it to merge into.',
  splitOutside: 'Chapter {n} cannot be split there.',
};

export function englishOf(problem: Problem): string {
  return ENGLISH[problem.key].replace(/\{(\w+)\}/g, (_, name: string) => problem.params[name] ?? '');
}

/** A 400 that lists every problem found (the page shows each one; the API joins them). */
export class EditsRefused extends AppError {
  constructor(readonly problems: Problem[]) {
    super(400, 'invalid_request', problems.map(englishOf).join(' '));
    this.name = 'EditsRefused';
  }
}

export const refuse = (key: ProblemKey, params: Record<string, string> = {}): never => {
  throw new EditsRefused([{ key, params }]);
};
