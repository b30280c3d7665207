import { t } from 'elysia';
import { VOICE_PATTERN } from '../../settings/model.ts';

/** Request shapes of the voice-sample API (docs/api.md "Voice samples"); responses reuse ../model.ts. */
export const VoiceSamplesBody = t.Object({
  force: t.Optional(t.Boolean({ error: 'force must be true or false' })),
});

export const VoiceSampleParams = t.Object({
  voice: t.String({ pattern: VOICE_PATTERN, error: 'voice must be a voice id (see GET /api/voices)' }),
});
