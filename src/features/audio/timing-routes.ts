import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { generateAudioKind } from './kind.ts';
import { ChapterParams, VoiceQuery } from './model.ts';
import type { AudioDeps } from './service.ts';
import type { SpeechCatalog } from './voices.ts';
import { TimingsResponse } from './timings-model.ts';
import { audioTimings } from './timings-service.ts';

/** The player may keep timings as long as a stored file's own answer (stored.ts). */
const CACHE_CONTROL = 'private, max-age=300';

/**
 * Sentence timings of a chapter's stored audio, for the player's highlight of the sentence being
 * spoken. Voices are those of /api/voices (the app's one speech catalogue).
 */
export function audioTimingRoutes(platform: BootedPlatform, auth: AuthPlugin, speech: SpeechCatalog) {
  const deps = (): AudioDeps => ({
    db: platform.db,
    cache: platform.cache,
    objects: platform.objects,
    speech,
    kind: generateAudioKind,
    clock: platform.clock,
  });
  return new Elysia({ name: 'audio-timings' })
    .use(auth)
    .get('/api/audio/timings/:slug/:n', async ({ params, query, set }) => {
      const timings = await audioTimings(deps(), params.slug, params.n, query.voice, query.locale ?? null);
      set.headers['cache-control'] = CACHE_CONTROL;
      return timings;
    }, {
      params: ChapterParams,
      query: VoiceQuery,
      response: TimingsResponse,
      detail: {
        tags: ['audio'],
        summary: 'Sentence timings of the stored audio of a chapter ({voice, duration, sentences: [{start, end, text}]}); 404 when no audio is stored; counts nothing',
      },
    });
}
