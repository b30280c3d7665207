import { t, type Static } from 'elysia';
import { VOICE_PATTERN } from '../settings/model.ts';
import { MAX_CHAPTER } from '../reader/model.ts';

/** Request and response shapes of the audio API (decisions.md "Audio"; docs/api.md "Audio"). */
const Slug = t.String({ minLength: 1, maxLength: 200, error: 'slug must be a book slug' });
const chapterError = 'chapter must be a chapter number (a whole number of at least 1)';
const Chapter = t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: chapterError });
const Voice = t.String({ pattern: VOICE_PATTERN, error: 'voice must be a voice id (see GET /api/voices)' });
// Not t.UnionEnum: Elysia 1.4 fills an absent optional UnionEnum with its first value.
const Format = t.Union([t.Literal('mp3'), t.Literal('wav')], { error: 'format must be mp3 or wav' });

/** A chapter's translation into one of the five languages (it must be stored: POST /api/translate). */
const Language = t.Union([t.Literal('en'), t.Literal('pt'), t.Literal('es'), t.Literal('fr'), t.Literal('id')], { error: 'locale must be one of en, pt, es, fr, id' });
export const AudioRequestBody = t.Object({ slug: Slug, chapter: Chapter, voice: t.Optional(Voice), locale: t.Optional(Language) });
export const ChapterParams = t.Object({
  slug: Slug,
  n: t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: 'n must be a chapter number (a whole number of at least 1)' }),
});
export const VoiceQuery = t.Object({ voice: t.Optional(Voice), locale: t.Optional(Language) });
export const StreamQuery = t.Object({ voice: t.Optional(Voice), format: t.Optional(Format), locale: t.Optional(Language) });
export const PresignQuery = t.Object({ slug: Slug, chapter: Chapter, voice: t.Optional(Voice), locale: t.Optional(Language) });

export const JOB_STATUSES = ['pending', 'generating', 'done', 'failed'] as const;
const JobStatus = t.Union([t.Literal('pending'), t.Literal('generating'), t.Literal('done'), t.Literal('failed')]);

export const JobResponse = t.Object({ job_id: t.String(), status: JobStatus });
/** `error` is the reason of a failed job (null otherwise), an addition to decisions.md's `{job_id, status}`. */
export const StatusResponse = t.Object({ job_id: t.String(), status: JobStatus, error: t.Union([t.String(), t.Null()]) });
export const VoiceSchema = t.Object({ id: t.String(), name: t.String(), engine: t.String(), language: t.String() });
export const VoicesResponse = t.Object({ voices: t.Array(VoiceSchema) });
export const UrlResponse = t.Object({ url: t.String() });

export type AudioJob = Static<typeof JobResponse>;
export type AudioStatus = Static<typeof StatusResponse>;
