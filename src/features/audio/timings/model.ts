import { t, type Static } from 'elysia';
import { DialogueVoice, Language, Voice } from '../model.ts';

/** The sentence timings of a chapter's stored audio (docs/api.md "Audio", timings). */
export const SentenceSchema = t.Object({
  start: t.Number({ description: 'seconds from the start of the audio' }),
  end: t.Number({ description: 'seconds from the start of the audio' }),
  text: t.String({ description: 'the sentence as it was read' }),
}, { title: 'SentenceTiming' });

export const TimingsResponse = t.Object({
  voice: t.String(),
  duration: t.Number({ description: 'seconds of audio' }),
  sentences: t.Array(SentenceSchema),
  estimated: t.Optional(t.Boolean({ description: 'only with estimate=1: true while the audio is not stored (times from the voice\'s speaking rate), false for the stored audio\'s exact timings' })),
}, { title: 'AudioTimings' });

export const TimingsQuery = t.Object({
  voice: t.Optional(Voice),
  locale: t.Optional(Language),
  dialogue_voice: t.Optional(DialogueVoice),
  estimate: t.Optional(t.Union([t.Literal('1'), t.Literal('0')], { error: 'estimate must be 1 (estimated timings until the audio is stored) or 0' })),
});

export type Timings = Static<typeof TimingsResponse>;
