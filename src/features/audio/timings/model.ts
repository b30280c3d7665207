import { t, type Static } from 'elysia';

/** The sentence timings of a chapter's stored audio (docs/api.md "Audio", timings). */
export const SentenceSchema = t.Object({
  start: t.Number({ description: 'seconds from the start of the audio' }),
  end: t.Number({ description: 'seconds from the start of the audio' }),
  text: t.String({ description: 'the sentence as it was read' }),
});

export const TimingsResponse = t.Object({
  voice: t.String(),
  duration: t.Number({ description: 'seconds of audio' }),
  sentences: t.Array(SentenceSchema),
});

export type Timings = Static<typeof TimingsResponse>;
