import { t, type Static } from 'elysia';

const Slug = t.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', error: 'slug must be a book slug' });
const ChapterNumber = t.Integer({ minimum: 1, maximum: 1_000_000, error: 'chapter must be a whole number of at least 1' });
/** When the reader was there, from the device's clock: ISO 8601 or Unix milliseconds. */
const Timestamp = t.Union([t.String({ format: 'date-time' }), t.Number({ minimum: 0 })], { error: 'timestamp must be an ISO 8601 date or Unix milliseconds' });

export const ProgressBody = t.Object({
  slug: Slug,
  chapter: ChapterNumber,
  scroll: t.Optional(t.Number({ minimum: 0, maximum: 1, error: 'scroll must be between 0 and 1' })),
  timestamp: t.Optional(Timestamp),
});

export const AudioTimeQuery = t.Object({ slug: Slug, chapter: t.Numeric({ minimum: 1, maximum: 1_000_000, multipleOf: 1, error: 'chapter must be a whole number of at least 1' }) });

export const AudioTimeBody = t.Object({
  slug: Slug,
  chapter: ChapterNumber,
  audio_time: t.Number({ minimum: 0, maximum: 86_400, error: 'audio_time must be a number of seconds' }),
  timestamp: t.Optional(Timestamp),
});

export const ProgressSchema = t.Object({
  slug: t.String(),
  chapter: t.Integer(),
  scroll: t.Number(),
  audio_time: t.Number(),
  updated: t.String({ format: 'date-time' }),
  /** The furthest point ever reached; chapter and scroll above are the reading place (docs/api.md, Progress). */
  furthest_chapter: t.Integer(),
  furthest_scroll: t.Number(),
}, { title: 'Progress' });
export type Progress = Static<typeof ProgressSchema>;

export const ProgressResponse = t.Object({ progress: ProgressSchema, applied: t.Boolean() }, { title: 'RecordedProgress' });
/** The reader's place in one book; null when they have not started it. */
export const ProgressOfBookResponse = t.Object({ progress: t.Union([ProgressSchema, t.Null()]) });
export const AudioTimeResponse = t.Object({ audio_time: t.Number() }, { title: 'AudioTime' });
export const SlugParams = t.Object({ slug: Slug });
