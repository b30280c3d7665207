import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { binaryBody, errorAnswers } from '../../../platform/http/api-schemas.ts';
import { listenerOf } from '../limit.ts';
import { ChapterParams, UrlResponse } from '../model.ts';
import type { AudioDeps } from '../service.ts';
import { PresignQuery, StreamQuery } from './model.ts';
import { presignAudio, streamAudio } from './service.ts';

const tags = ['audio'];
/** mp3 for most voices; a voice whose format is wav (Flite) streams audio/wav. */
const audioBody = (what: string) => binaryBody('audio/mpeg', `${what} (audio/wav for voices whose format is wav)`);

/** Serving a chapter's audio: presigned links to the stored file, and the stream that plays while it is generated. */
export function streamRoutes(deps: AudioDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'audio-stream' })
    .use(auth)
    .get('/api/presign/audio', async ({ query, caller }) => ({ url: await presignAudio(deps, listenerOf(caller), query.slug, query.chapter, query.voice, query.locale ?? null, query.dialogue_voice ?? null) }), {
      query: PresignQuery,
      response: { 200: UrlResponse, ...errorAnswers(402, 404, 503) },
      detail: { tags, summary: 'A presigned link (public object-store address) to the stored audio of a chapter; 404 when there is none' },
    })
    // Also HEAD: Elysia 1.4 sends HEAD on a parameterised path to the GET handler (a .head() route
    // there is never reached); streamAudio() answers it by request.method, counting nothing.
    .get('/api/audio-stream/:slug/:n', ({ params, query, caller, request }) =>
      streamAudio(deps, listenerOf(caller), caller.user?.id ?? null, request, { slug: params.slug, chapter: params.n, voice: query.voice, format: query.format, locale: query.locale ?? null, from: query.from, dialogueVoice: query.dialogue_voice ?? null }), {
      params: ChapterParams,
      query: StreamQuery,
      response: {
        200: audioBody('The whole audio: the stored file, or a live stream while it is generated'),
        206: audioBody('The part of the stored file a Range asked for'),
        // 402: past the free tier; 416: a Range outside the stored file; 502: the generation failed
        // before any audio; 503: no speech engine, or no audio yet after the wait.
        ...errorAnswers(402, 416, 502, 503),
      },
      detail: {
        tags,
        summary: 'GET|HEAD: the audio of a chapter, the stored file with Range support or a live stream while it is generated (402 past the free tier); with from=<sentence> the audio from that sentence on (stored or live, the job making it next), X-Audio-From; HEAD answers 200 or 402, counting and starting nothing',
      },
    });
}
