import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { JobResponse, UrlResponse } from '../model.ts';
import { VoiceSampleParams, VoiceSamplesBody } from './model.ts';
import { presignVoiceSample, requestVoiceSamples } from './service.ts';
import type { SpeechCatalog } from '../../../integrations/tts/index.ts';

const tags = ['audio'];

/**
 * Voice samples: one short clip per voice, for the preview buttons of the settings page
 * (docs/api.md "Voice samples"). Generating them is a queue job (audio.voice-samples), never work
 * on this event loop.
 */
export function voiceSampleRoutes(platform: BootedPlatform, auth: AuthPlugin, speech: SpeechCatalog) {
  const deps = () => ({ db: platform.db, objects: platform.objects, speech });
  return new Elysia({ name: 'audio-samples' })
    .use(auth)
    .post('/api/audio/voice-samples', async ({ body, status }) => status(202, await requestVoiceSamples(platform.db, body?.force ?? false)), {
      auth: 'admin',
      transform: ({ body }) => {
        // Elysia drops unknown properties before validating: a typo must not pass as "no force".
        const field = typeof body === 'object' && body !== null ? Object.keys(body).find((key) => key !== 'force') : undefined;
        if (field !== undefined) throw badRequest(`${field}: unknown field (expected force)`);
      },
      // The body is optional: an admin tool may POST nothing at all.
      body: t.Optional(VoiceSamplesBody),
      response: { 202: JobResponse },
      detail: {
        tags: [...tags, 'admin'],
        summary: 'Generate a sample clip of every voice in the background: 202 {job_id, status}; a run under way is returned, not repeated. {force: true} also replaces samples already stored',
      },
    })
    .get('/api/presign/voice-sample/:voice', async ({ params }) => ({ url: await presignVoiceSample(deps(), params.voice) }), {
      params: VoiceSampleParams,
      response: UrlResponse,
      detail: { tags, summary: 'A presigned link (public object-store address) to the sample clip of a voice; 404 while it has not been generated' },
    });
}
