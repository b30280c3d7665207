import { t, type DocumentDecoration, type Static } from 'elysia';
import { TaskRunFields } from '../tasks/model.ts';

/** The contract of book import (docs/api.md "Admin"). */
export const SPLIT_RULES = ['auto', 'toc', 'spine', 'outline', 'headings', 'pages'] as const;

export const ImportPreview = t.Object({
  title: t.String(),
  author: t.String(),
  rule: t.String(),
  chapters: t.Integer(),
  /** The detected split: each chapter's title and first lines, for the review. */
  items: t.Array(t.Object({ number: t.Integer(), title: t.String(), excerpt: t.String(), words: t.Integer() })),
  warnings: t.Array(t.String()),
});
export type ImportPreview = Static<typeof ImportPreview>;

/** Where a chapter of the edited book begins: the parsed chapter (from 0) and its cut (0: its start; k: before its k-th heading or, without headings, paragraph). */
export const ChapterBoundary = t.Object({
  chapter: t.Integer({ minimum: 0, error: 'chapter must be the index of a parsed chapter' }),
  at: t.Integer({ minimum: 0, error: 'at must be 0 or the number of a place to split' }),
  title: t.Optional(t.String({ maxLength: 500, error: 'A chapter title is at most 500 characters' })),
});
export type ChapterBoundary = Static<typeof ChapterBoundary>;

export const ImportBookEdits = t.Object({
  title: t.String({ maxLength: 500, error: 'The title is at most 500 characters' }),
  author: t.String({ maxLength: 300, error: 'The author is at most 300 characters' }),
  description: t.String({ maxLength: 20_000, error: 'The description is at most 20000 characters' }),
  genres: t.Array(t.String({ maxLength: 60 }), { maxItems: 30, error: 'genres must be at most 30 genre names or slugs' }),
  language: t.Optional(t.Union([t.String({ maxLength: 35 }), t.Null()])),
});
export type ImportBookEdits = Static<typeof ImportBookEdits>;

/** The admin's changes to a parsed book, applied when it is published (a re-run with another rule discards them). */
export const ImportEdits = t.Object(
  {
    /** Counts the saves: a form loaded before the last save is refused (409) rather than applied to other chapters. */
    revision: t.Integer(),
    book: t.Optional(ImportBookEdits),
    /** Every chapter's beginning, in the book's order; absent: the detected split. */
    chapters: t.Optional(t.Array(ChapterBoundary)),
  },
  { title: 'ImportEdits' },
);
export type ImportEdits = Static<typeof ImportEdits>;

export const ImportDetail = t.Object({
  phase: t.String(),
  /** With edits saved: the split as it will be published. */
  preview: t.Optional(ImportPreview),
  edits: t.Optional(ImportEdits),
});
export type ImportDetail = Static<typeof ImportDetail>;

export const ImportTask = t.Object(
  {
    id: t.String(),
    status: t.Union([t.Literal('pending'), t.Literal('running'), t.Literal('review'), t.Literal('done'), t.Literal('failed'), t.Literal('cancelled')]),
    file_name: t.String(),
    format: t.Union([t.Literal('epub'), t.Literal('pdf'), t.Null()]),
    size_bytes: t.Number(),
    review: t.Boolean(),
    rule: t.String(),
    book_slug: t.Union([t.String(), t.Null()]),
    progress: t.Number(),
    detail: ImportDetail,
    ...TaskRunFields,
  },
  { title: 'ImportTask' },
);
export type ImportTask = Static<typeof ImportTask>;

export const ImportTaskList = t.Object({ tasks: t.Array(ImportTask) });
/** The same shape (and name) as a scrape's: a background task was started. */
export const ImportStarted = t.Object({ task_id: t.String() }, { title: 'TaskStarted' });
/**
 * The upload as the API description shows it: multipart/form-data, streamed by upload.ts rather
 * than parsed by the route. (A TypeBox schema is JSON Schema; the cast only satisfies the OpenAPI types.)
 */
export const ImportUpload = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: t.Object({
        file: t.String({ format: 'binary', description: 'The PDF or EPUB (its type is told by its content, not its name)' }),
        review: t.Optional(t.String({ description: '1: stop for review before publishing' })),
        rule: t.Optional(t.Union(SPLIT_RULES.map((rule) => t.Literal(rule)), { description: 'How to split into chapters (default auto)' })),
      }),
    },
  },
} as DocumentDecoration['requestBody'];
export const ImportParams = t.Object({ id: t.String({ format: 'uuid', error: 'Unknown import task' }) });
// Optional so that a caller who is not an admin hears 403 before anything about the body.
export const RerunBody = t.Object({
  rule: t.Optional(t.Union([t.Literal('auto'), t.Literal('toc'), t.Literal('spine'), t.Literal('outline'), t.Literal('headings'), t.Literal('pages')], { error: `rule must be one of ${SPLIT_RULES.join(', ')}` })),
  pages_per_chapter: t.Optional(t.Integer({ minimum: 1, maximum: 500, error: 'pages_per_chapter must be 1-500' })),
});

export const ImportEditsBody = t.Object(
  {
    /** The edits' revision the caller last read (detail.edits.revision, 0 for none): 409 when they changed since. */
    revision: t.Optional(t.Integer({ minimum: 0, error: 'revision must be the edits’ revision last read' })),
    book: t.Optional(ImportBookEdits),
    chapters: t.Optional(t.Array(ChapterBoundary, { minItems: 1, maxItems: 20_000, error: 'chapters must list 1 to 20000 chapter beginnings' })),
  },
  { title: 'ImportEditsBody' },
);
