import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { errorAnswers, NoContent } from '../../platform/http/api-schemas.ts';
import { limitReaderWrites } from '../../platform/http/rate-limit.ts';
import { AudioTimeBody, AudioTimeQuery, AudioTimeResponse, ProgressBody, ProgressOfBookResponse, ProgressResponse, SlugParams } from './model.ts';
import { audioTimeOf, forgetProgress, progressOf, recordProgress, type StartedReading } from './service.ts';

/** Reading and listening positions, per signed-in user or else per anonymous session (docs/api.md). */
export function progressRoutes(platform: Pick<BootedPlatform, 'db' | 'cache' | 'clock'>, auth: AuthPlugin, startedReading: StartedReading) {
  const { db } = platform;
  return new Elysia({ name: 'progress' })
    .use(auth)
    .onBeforeHandle(limitReaderWrites(platform, 'progress'))
    .post('/api/progress', async ({ body, caller }) => {
      const { progress, applied } = await recordProgress(db, caller.reader, body, startedReading, platform.clock());
      return { progress, applied };
    }, {
      body: ProgressBody,
      // 404: the book or chapter of the body does not exist; 429: the reader-write limit.
      response: { 200: ProgressResponse, ...errorAnswers(404, 429) },
      detail: { tags: ['reading'], summary: 'Record the reader’s place (last write wins by timestamp)' },
    })
    .get('/api/progress/:slug', async ({ params, caller }) => ({ progress: await progressOf(db, caller.reader, params.slug) }), {
      params: SlugParams,
      response: ProgressOfBookResponse,
      detail: { tags: ['reading'], summary: 'The reader’s place in a book, or null' },
    })
    .delete('/api/progress/:slug', async ({ params, caller }) => {
      await forgetProgress(db, caller.reader, params.slug);
      return new Response(null, { status: 204 });
    }, { params: SlugParams, response: { 204: NoContent, ...errorAnswers(429) }, detail: { tags: ['reading'], summary: 'Forget the reader’s place in a book (204)' } })
    .get('/api/progress/audio-time', async ({ query, caller }) => ({ audio_time: await audioTimeOf(db, caller.reader, query.slug, query.chapter) }), {
      query: AudioTimeQuery,
      response: AudioTimeResponse,
      detail: { tags: ['reading'], summary: 'Saved audio position of a chapter, in seconds (0 when none)' },
    })
    .patch('/api/progress/audio-time', async ({ body, caller }) => {
      const saved = await recordProgress(db, caller.reader, { slug: body.slug, chapter: body.chapter, audioTime: body.audio_time, timestamp: body.timestamp }, startedReading, platform.clock());
      return { audio_time: saved.audioTimeIn(body.chapter) };
    }, { body: AudioTimeBody, response: { 200: AudioTimeResponse, ...errorAnswers(404, 429) }, detail: { tags: ['reading'], summary: 'Save the audio position of a chapter' } });
}
