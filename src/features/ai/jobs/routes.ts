import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import type { AiProvider } from '../provider.ts';
import { AiJob, AiJobList, AiJobParams } from './model.ts';
import { cancelAiJob, getAiJob, listAiJobs } from './service.ts';

const tags = ['ai'];

/** AI jobs: the list, one job with its payload, cancel. */
export function aiJobRoutes(platform: BootedPlatform, auth: AuthPlugin, ai: AiProvider) {
  const { db } = platform;
  return new Elysia({ name: 'ai-jobs' })
    .use(auth)
    .get('/api/admin/ai-jobs', async ({ query }) => {
      ai.client();
      return { jobs: await listAiJobs(db, query.limit ?? 50, query.book) };
    }, {
      auth: 'admin',
      query: t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 200 })), book: t.Optional(t.String({ maxLength: 200 })) }),
      response: { 200: AiJobList, ...errorAnswers(503) },
      detail: { tags, summary: 'AI jobs, newest first (?book= for one book)' },
    })
    .get('/api/admin/ai-jobs/:id', ({ params }) => (ai.client(), getAiJob(db, params.id)), { auth: 'admin', params: AiJobParams, response: { 200: AiJob, ...errorAnswers(503) }, detail: { tags, summary: 'One AI job with its payload (404 unknown)' } })
    .post('/api/admin/ai-jobs/:id/cancel', ({ params }) => (ai.client(), cancelAiJob(db, params.id)), {
      auth: 'admin',
      params: AiJobParams,
      response: { 200: AiJob, ...errorAnswers(503) },
      detail: { tags, summary: 'Cancel: a waiting job ends now, a running one before its next batch, keeping what it has' },
    });
}
