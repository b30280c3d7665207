import { t, type DocumentDecoration, type Static } from 'elysia';
import { TaskRunFields } from '../tasks/model.ts';

/** The contract of scraping (docs/api.md "Admin"): requests, tasks and their details. */
export const ScrapeBody = t.Object({
  url: t.Optional(t.String({ minLength: 1, maxLength: 2048, error: 'url must be a book or chapter URL' })),
  all: t.Optional(t.Boolean({ error: 'all must be true or false' })),
});
export type ScrapeBody = Static<typeof ScrapeBody>;

/** The backend's range request (docs/api.md, backend paths); the web layer names the admin in initiator_id. */
export const RangeBody = t.Object({
  url: t.String({ minLength: 1, maxLength: 2048, error: 'url and from are required' }),
  from: t.Integer({ minimum: 1, error: 'url and from are required' }),
  to: t.Optional(t.Union([t.Integer({ minimum: 1 }), t.Null()], { error: 'to must be a chapter number' })),
  initiator_id: t.Optional(t.String({ format: 'uuid' })),
});
export type RangeBody = Static<typeof RangeBody>;

export const TaskIdResponse = t.Object({ task_id: t.String() }, { title: 'TaskStarted' });
export const RangeAccepted = t.Object({ task_id: t.String(), status: t.String() }, { title: 'RangeStarted' });
/**
 * POST /api/scrape/range's body as the API description shows it: the route reads the body itself
 * and relays it to the backend, which checks it. (A TypeBox schema is JSON Schema; the cast only
 * satisfies the OpenAPI types.)
 */
export const RangeRequest = {
  required: true,
  content: {
    'application/json': {
      schema: t.Object({
        url: t.String({ description: 'A book or chapter URL of a configured source' }),
        from: t.Integer({ minimum: 1 }),
        to: t.Optional(t.Union([t.Integer({ minimum: 1 }), t.Null()], { description: 'Omitted or null: to the last chapter' })),
      }),
    },
  },
} as DocumentDecoration['requestBody'];

export const TaskStatus = t.Union([t.Literal('pending'), t.Literal('running'), t.Literal('done'), t.Literal('failed'), t.Literal('cancelled')]);

/**
 * Why a task's progress stands still: queued behind another task (`queue`, with its place), the
 * site held by another task (`host`), the site's rate limit, a retry after an error, or a source
 * slow to answer. `seconds` is the wait's length when it is known; absent or null: not waiting.
 */
export const WaitingFor = t.Object(
  {
    reason: t.Union([t.Literal('queue'), t.Literal('host'), t.Literal('rate_limit'), t.Literal('retry'), t.Literal('slow_source')]),
    seconds: t.Optional(t.Integer()),
    attempt: t.Optional(t.Integer()),
    position: t.Optional(t.Integer()),
    task_id: t.Optional(t.Union([t.String(), t.Null()])),
  },
  { title: 'ScrapeWait' },
);
export type WaitingFor = Static<typeof WaitingFor>;

/** What a task's page shows: counts, gaps (chapters that could not be fetched) and their errors. */
export const TaskDetail = t.Object(
  {
    /** Chapters this task means to fetch, and how many it has handled (fetched or given up on). */
    total: t.Integer(),
    handled: t.Integer(),
    added: t.Integer(),
    updated: t.Integer(),
    unchanged: t.Integer(),
    failed: t.Integer(),
    gaps: t.Array(t.Integer()),
    errors: t.Array(t.Object({ chapter: t.Union([t.Integer(), t.Null()]), message: t.String() })),
    /** What it is doing now, in words (for the progress bar's label). */
    phase: t.String(),
    books: t.Optional(t.Integer()),
    waiting_for: t.Optional(t.Union([WaitingFor, t.Null()])),
  },
  { title: 'ScrapeTaskDetail' },
);
export type TaskDetail = Static<typeof TaskDetail>;

export const ScrapeTask = t.Object(
  {
    id: t.String(),
    kind: t.Union([t.Literal('book'), t.Literal('range'), t.Literal('all'), t.Literal('update')]),
    status: TaskStatus,
    url: t.Union([t.String(), t.Null()]),
    book_slug: t.Union([t.String(), t.Null()]),
    from: t.Union([t.Integer(), t.Null()]),
    to: t.Union([t.Integer(), t.Null()]),
    progress: t.Number(),
    detail: TaskDetail,
    ...TaskRunFields,
  },
  { title: 'ScrapeTask' },
);
export type ScrapeTask = Static<typeof ScrapeTask>;

export const TaskList = t.Object({ tasks: t.Array(ScrapeTask) });
export const TaskParams = t.Object({ id: t.String({ format: 'uuid', error: 'Unknown task' }) });

export const emptyDetail = (): TaskDetail => ({ total: 0, handled: 0, added: 0, updated: 0, unchanged: 0, failed: 0, gaps: [], errors: [], phase: 'waiting' });

/** What the notification says: the book and how many chapters came in. */
export interface TaskSummary {
  slug: string | null;
  title: string | null;
  added: number;
}
