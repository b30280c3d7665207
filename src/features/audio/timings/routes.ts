import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import { ChapterParams } from '../model.ts';
import type { AudioDeps } from '../service.ts';
import { TimingsQuery, TimingsResponse } from './model.ts';
import { audioTimings } from './service.ts';

/** The player may keep timings as long as a stored file's own answer (stream/stored.ts). */
const CACHE_CONTROL = 'private, max-age=300';

/**
 * Sentence timings of a chapter's stored audio, for the player's highlight of the sentence being
 * spoken. Voices are those of /api/voices (the app's one speech catalogue).
 */
export function timingRoutes(deps: AudioDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'audio-timings' })
    .use(auth)
    .get('/api/audio/timings/:slug/:n', async ({ params, query, set }) => {
      const timings = await audioTimings(deps, params.slug, params.n, query.voice, query.locale ?? null, query.estimate === '1', query.dialogue_voice ?? null);
      // An estimate is replaced by the exact timings once the audio is stored: never kept.
      set.headers['cache-control'] = timings.estimated ? 'no-store' : CACHE_CONTROL;
      return timings;
    }, {
      params: ChapterParams,
      query: TimingsQuery,
      response: { 200: TimingsResponse, ...errorAnswers(503) },
      detail: {
        tags: ['audio'],
        summary: 'Sentence timings of the stored audio of a chapter ({voice, duration, sentences: [{start, end, text}]}); 404 when no audio is stored; with estimate=1 an estimate while it is not (estimated: true) and the exact ones after (estimated: false); counts nothing',
      },
    });
}
