import { t, type Static } from 'elysia';

export const AiJobParams = t.Object({ id: t.String({ format: 'uuid', error: 'Not a job id' }) });

export const AiJob = t.Object(
  {
    id: t.String(),
    kind: t.String(),
    status: t.Union([t.Literal('pending'), t.Literal('running'), t.Literal('done'), t.Literal('failed'), t.Literal('cancelled'), t.Literal('applied')]),
    /** 0–100 */
    progress: t.Integer({ minimum: 0, maximum: 100 }),
    book: t.Union([t.String(), t.Null()]),
    payload: t.Any({ description: 'proposed results; for chapter-names {slug, total, proposals: [{number, old_title, title}]}' }),
    error: t.Union([t.String(), t.Null()]),
    created: t.String(),
    started: t.Union([t.String(), t.Null()]),
    finished: t.Union([t.String(), t.Null()]),
  },
  { title: 'AiJob' },
);
export type AiJob = Static<typeof AiJob>;

export const AiJobList = t.Object({ jobs: t.Array(AiJob) });
export const JobIdResponse = t.Object({ job_id: t.String() }, { title: 'AiJobStarted' });
