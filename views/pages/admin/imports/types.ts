import type { ImportTask } from '../../../../src/features/imports/model.ts';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { Notice } from '../shared/notice.ts';

/** What the import admin pages are given (built by src/features/imports/admin). */
export type { ImportTask };

export interface ImportsPageProps {
  ctx: PageContext;
  tasks: readonly ImportTask[];
  highlight: string | null;
  notice: Notice | null;
  maxMegabytes: number;
}

/** The book fields of the review form, as saved or as the admin just typed them. */
export interface ReviewFields {
  title: string;
  author: string;
  description: string;
  genres: readonly string[];
  language: string | null;
}

export interface ReviewChapterRow {
  number: number;
  title: string;
  words: number;
  excerpt: string;
  /** It has a heading, a paragraph or a merged chapter to split at. */
  canSplit: boolean;
}

/** A form the server refused (400/409): which one, and why, in the admin's language. */
export interface ReviewRefusal {
  form: 'book' | 'chapters';
  messages: readonly string[];
  /** The book fields the messages are about (marked invalid). */
  fields: readonly string[];
}

export interface ImportReviewData {
  fields: ReviewFields;
  /** The file gives a language: the field is offered. */
  showLanguage: boolean;
  /** The catalogue's genres, each with the stored name and the name in the admin's language. */
  genres: ReadonlyArray<{ slug: string; name: string; label: string }>;
  maxGenres: number;
  revision: number;
  total: number;
  page: number;
  pages: number;
  rows: readonly ReviewChapterRow[];
  refused: ReviewRefusal | null;
}

export interface ImportReviewPageProps {
  ctx: PageContext;
  task: ImportTask;
  notice: Notice | null;
  review: ImportReviewData | null;
}

export interface ImportSplitPageProps {
  ctx: PageContext;
  taskId: string;
  number: number;
  title: string;
  revision: number;
  places: ReadonlyArray<{ value: string; label: string }>;
  backHref: string;
}
