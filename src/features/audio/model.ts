import { t, type Static } from 'elysia';
import { VOICE_PATTERN } from '../settings/model.ts';
import { MAX_CHAPTER } from '../catalogue/model.ts';

/**
 * Shapes shared by the audio API's parts (decisions.md "Audio"; docs/api.md "Audio"); each
 * sub-feature's own requests are in its model.ts.
 */
export const Slug = t.String({ minLength: 1, maxLength: 200, error: 'slug must be a book slug' });
const chapterError = 'chapter must be a chapter number (a whole number of at least 1)';
export const Chapter = t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: chapterError });
export const Voice = t.String({ pattern: VOICE_PATTERN, error: 'voice must be a voice id (see GET /api/voices)' });

/** A chapter's translation into one of the five languages (it must be stored: POST /api/translate). */
export const Language = t.Union([t.Literal('en'), t.Literal('pt'), t.Literal('es'), t.Literal('fr'), t.Literal('id')], { error: 'locale must be one of en, pt, es, fr, id' });
export const ChapterParams = t.Object({
  slug: Slug,
  n: t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: 'n must be a chapter number (a whole number of at least 1)' }),
});
/** A second voice, of the voice's language, reading the text inside quotation marks: another narration, stored apart. */
export const DialogueVoice = t.String({
  pattern: VOICE_PATTERN,
  error: 'dialogue_voice must be a voice id (see GET /api/voices)',
  description: 'a voice of the same language that reads the dialogue (text in quotation marks); absent or equal to voice: one voice reads all',
});
export const VoiceQuery = t.Object({ voice: t.Optional(Voice), locale: t.Optional(Language), dialogue_voice: t.Optional(DialogueVoice) });

export const JobStatus = t.Union([t.Literal('pending'), t.Literal('generating'), t.Literal('done'), t.Literal('failed')]);
export const JobResponse = t.Object({ job_id: t.String(), status: JobStatus }, { title: 'AudioJob' });
export const UrlResponse = t.Object({ url: t.String() }, { title: 'SignedUrl' });

export type AudioJob = Static<typeof JobResponse>;
