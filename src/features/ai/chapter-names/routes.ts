import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { AiProvider } from '../provider.ts';
import { usageRecorder } from '../usage.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import { sseBody, sseFrames } from '../sse.ts';
import { JobIdResponse } from '../jobs/model.ts';
import { ApplyBody, ApplyResponse, ChapterNamesBody } from './model.ts';
import { applyChapterNames, namingRequest, startChapterNamesJob, streamChapterNames } from './service.ts';
import { chapterNamesKind } from './kind.ts';

const tags = ['ai'];

/** Chapter names: the SSE stream (kept for older clients), its async job, and applying the kept titles. */
export function chapterNameRoutes(platform: BootedPlatform, auth: AuthPlugin, ai: AiProvider) {
  const { db, log } = platform;
  return new Elysia({ name: 'ai-chapter-names' })
    .use(auth)
    .post('/api/admin/text-gen/chapter-names', async ({ body, request }) => {
      const client = ai.client();
      const naming = await namingRequest(db, body);
      const usage = usageRecorder(db, log, 'chapter-names', platform.clock);
      const events = streamChapterNames(db, client, naming, { signal: request.signal, onUsage: usage.onUsage });
      return sseFrames(events, log, request.signal);
    }, {
      auth: 'admin',
      body: ChapterNamesBody,
      response: { 200: sseBody('`progress` {slug, total, done}, `batch` {batch, proposals: [{number, title, old_title}]}, `done` {slug, total, proposals}'), ...errorAnswers(404, 503) },
      detail: { tags, summary: 'SSE: proposed titles, one `batch` event {batch, proposals: [{number, title}]} per 100 chapters, then `done`' },
    })
    .post('/api/admin/text-gen/chapter-names/async', async ({ body, user, status }) => {
      ai.client();
      const naming = await namingRequest(db, body);
      return status(202, { job_id: await startChapterNamesJob(db, chapterNamesKind, naming, user.id) });
    }, { auth: 'admin', body: ChapterNamesBody, response: { 202: JobIdResponse, ...errorAnswers(404, 503) }, detail: { tags, summary: 'Name chapters in the background: 202 {job_id}; the ai_job payload gathers the proposals' } })
    .post('/api/admin/text-gen/chapter-names/apply', async ({ body }) => {
      ai.client();
      return applyChapterNames(db, platform.cache, body);
    }, {
      auth: 'admin',
      body: ApplyBody,
      response: { 200: ApplyResponse, ...errorAnswers(404, 409, 503) },
      detail: { tags, summary: 'Apply titles: {slug, titles: [{number, title}]} (the ones kept), or {job_id} for all of a job' },
    });
}
