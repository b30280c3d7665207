import { Elysia } from 'elysia';
import { VoicesResponse } from './model.ts';
import { listVoices, type SpeechCatalog } from '../../../integrations/tts/index.ts';

/** GET /api/voices: the one speech catalogue of the app (settings, samples and generation use the same). */
export function voiceRoutes(speech: SpeechCatalog) {
  return new Elysia({ name: 'audio-voices' }).get('/api/voices', async () => ({ voices: await listVoices(speech) }), {
    response: VoicesResponse,
    detail: { tags: ['audio'], summary: 'Voices of the available speech engines; the first is the default voice' },
  });
}
