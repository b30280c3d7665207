import { t } from 'elysia';
import { Chapter, DialogueVoice, Language, Slug, Voice } from '../model.ts';

// Not t.UnionEnum: Elysia 1.4 fills an absent optional UnionEnum with its first value.
const Format = t.Union([t.Literal('mp3'), t.Literal('wav')], { error: 'format must be mp3 or wav' });

/** Playing a chapter's audio: the stream and the presigned link (docs/api.md "Audio"). */
const From = t.Numeric({ minimum: 0, multipleOf: 1, error: 'from must be a sentence number (a whole number of at least 0, as the timings number them)' });
export const StreamQuery = t.Object({ voice: t.Optional(Voice), format: t.Optional(Format), locale: t.Optional(Language), from: t.Optional(From), dialogue_voice: t.Optional(DialogueVoice) });
export const PresignQuery = t.Object({ slug: Slug, chapter: Chapter, voice: t.Optional(Voice), locale: t.Optional(Language), dialogue_voice: t.Optional(DialogueVoice) });
