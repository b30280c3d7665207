import { t } from 'elysia';

/** The voices of the available speech engines (docs/api.md "Audio", voices). */
export const VoiceSchema = t.Object({ id: t.String(), name: t.String(), engine: t.String(), language: t.String() }, { title: 'Voice' });
export const VoicesResponse = t.Object({ voices: t.Array(VoiceSchema) });
