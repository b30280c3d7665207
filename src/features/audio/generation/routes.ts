import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import { listenerOf } from '../limit.ts';
import { ChapterParams, JobResponse, VoiceQuery } from '../model.ts';
import type { AudioDeps } from '../service.ts';
import { AudioRequestBody, StatusResponse } from './model.ts';
import { audioStatus, requestAudio } from './service.ts';

const tags = ['audio'];

/** Generation jobs of a chapter's audio: POST to ask for it (202 + polling), GET its status. */
export function generationRoutes(deps: AudioDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'audio-generation' })
    .use(auth)
    .post('/api/audio', async ({ body, caller, status }) => {
      const job = await requestAudio(deps, listenerOf(caller), caller.user?.id ?? null, body.slug, body.chapter, body.voice, body.locale ?? null, body.ahead ?? false, body.dialogue_voice ?? null);
      return status(202, job);
    }, {
      body: AudioRequestBody,
      // 402: past the free tier; 404: the body's book, chapter or translation does not exist; 503: no speech engine.
      response: { 202: JobResponse, ...errorAnswers(402, 404, 503) },
      detail: { tags, summary: 'Generate the audio of a chapter (or, with locale, of its stored translation): 202 {job_id, status}; the same chapter and voice share one job (402 past the free tier)' },
    })
    .get('/api/audio/status/:slug/:n', ({ params, query }) => audioStatus(deps, params.slug, params.n, query.voice, query.locale ?? null, query.dialogue_voice ?? null), {
      params: ChapterParams,
      query: VoiceQuery,
      response: { 200: StatusResponse, ...errorAnswers(503) },
      detail: { tags, summary: 'The newest audio job of a chapter and voice (pending, generating, done, failed); 404 when none' },
    });
}
