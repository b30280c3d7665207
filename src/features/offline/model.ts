import { t, type Static } from 'elysia';

const MAX_CHAPTER = 1_000_000;
/** A whole long book in one go; the device asks again for more. */
export const MAX_KEEP_COUNT = 5_000;

export const KeepParams = t.Object({ slug: t.String({ minLength: 1, maxLength: 200 }) });

export const KeepQuery = t.Object({
  from: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: 'from must be a chapter number of at least 1' })),
  count: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_KEEP_COUNT, multipleOf: 1, error: `count must be a whole number from 1 to ${MAX_KEEP_COUNT}` })),
  /** The listener's voice; the default voice when absent. */
  voice: t.Optional(t.String({ maxLength: 64 })),
});

const KeptAudio = t.Object({
  chapter: t.Integer(),
  voice: t.String(),
  format: t.Union([t.Literal('mp3'), t.Literal('wav')]),
  bytes: t.Integer(),
  duration: t.Number(),
  /** The stream address the player asks for, and the sentence timings it shows. */
  url: t.String(),
  timings_url: t.String(),
});

/** What a device downloads to keep a run of a book's chapters for reading and listening offline. */
export const KeepListResponse = t.Object({
  book: t.Object({
    slug: t.String(),
    title: t.String(),
    author: t.String(),
    cover_url: t.Union([t.String(), t.Null()]),
    url: t.String(),
    chapter_count: t.Integer(),
  }),
  chapters: t.Array(t.Object({ number: t.Integer(), title: t.String(), url: t.String() })),
  /** Only chapters whose audio is already stored: keeping never starts a generation. */
  audio: t.Array(KeptAudio),
});
export type KeepList = Static<typeof KeepListResponse>;
