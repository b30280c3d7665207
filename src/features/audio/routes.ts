import { Elysia } from 'elysia';
import { createTtsRegistry } from '../../integrations/tts/index.ts';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { generateAudioKind } from './kind.ts';
import type { Listener } from './limit.ts';
import { AudioRequestBody, ChapterParams, JobResponse, PresignQuery, StatusResponse, StreamQuery, UrlResponse, VoiceQuery, VoicesResponse } from './model.ts';
import { audioStatus, listVoices, presignAudio, requestAudio, streamAudio, type AudioDeps } from './service.ts';
import type { FollowOptions } from './stream.ts';
import type { SpeechCatalog } from './voices.ts';

/** Test seams; production passes nothing and gets the engines of config.tts. */
export interface AudioRouteOptions {
  speech?: SpeechCatalog;
  follow?: FollowOptions;
}

const tags = ['audio'];
const listener = (caller: Caller): Listener => ({ reader: caller.reader, role: caller.user?.role ?? null });

/**
 * Audio of chapters (docs/api.md "Audio"): voices, generation jobs (202 + polling), presigned links
 * and the stream that plays while the audio is generated. The player UI is not here yet.
 */
export function audioRoutes(platform: BootedPlatform, auth: AuthPlugin, _env: PageEnvironment, options: AudioRouteOptions = {}) {
  const { tts } = platform.config;
  const deps: AudioDeps = {
    db: platform.db,
    cache: platform.cache,
    objects: platform.objects,
    speech: options.speech ?? createTtsRegistry({ engines: tts.engines, openai: tts.openai }),
    kind: generateAudioKind,
    follow: options.follow,
    clock: platform.clock,
  };
  return new Elysia({ name: 'audio' })
    .use(auth)
    .get('/api/voices', async () => ({ voices: await listVoices(deps.speech) }), {
      response: VoicesResponse,
      detail: { tags, summary: 'Voices of the available speech engines; the first is the default voice' },
    })
    .post('/api/audio', async ({ body, caller, status }) => {
      const job = await requestAudio(deps, listener(caller), caller.user?.id ?? null, body.slug, body.chapter, body.voice, body.locale ?? null);
      return status(202, job);
    }, {
      body: AudioRequestBody,
      response: { 202: JobResponse },
      detail: { tags, summary: 'Generate the audio of a chapter (or, with locale, of its stored translation): 202 {job_id, status}; the same chapter and voice share one job (402 past the free tier)' },
    })
    .get('/api/audio/status/:slug/:n', ({ params, query }) => audioStatus(deps, params.slug, params.n, query.voice, query.locale ?? null), {
      params: ChapterParams,
      query: VoiceQuery,
      response: StatusResponse,
      detail: { tags, summary: 'The newest audio job of a chapter and voice (pending, generating, done, failed); 404 when none' },
    })
    .get('/api/presign/audio', async ({ query, caller }) => ({ url: await presignAudio(deps, listener(caller), query.slug, query.chapter, query.voice, query.locale ?? null) }), {
      query: PresignQuery,
      response: UrlResponse,
      detail: { tags, summary: 'A presigned link (public object-store address) to the stored audio of a chapter; 404 when there is none' },
    })
    // Also HEAD: Elysia 1.4 sends HEAD on a parameterised path to the GET handler (a .head() route
    // there is never reached); streamAudio() answers it by request.method, counting nothing.
    .get('/api/audio-stream/:slug/:n', ({ params, query, caller, request }) =>
      streamAudio(deps, listener(caller), caller.user?.id ?? null, request, { slug: params.slug, chapter: params.n, voice: query.voice, format: query.format, locale: query.locale ?? null }), {
      params: ChapterParams,
      query: StreamQuery,
      detail: {
        tags,
        summary: 'GET|HEAD: the audio of a chapter, the stored file with Range support or a live stream while it is generated (402 past the free tier); HEAD answers 200 or 402, counting and starting nothing',
      },
    });
}
