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

export const ImportDetail = t.Object({
  phase: t.String(),
  preview: t.Optional(ImportPreview),
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
