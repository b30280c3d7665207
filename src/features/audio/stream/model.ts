import { t } from 'elysia';
import { Chapter, Language, Slug, Voice } from '../model.ts';

// Not t.UnionEnum: Elysia 1.4 fills an absent optional UnionEnum with its first value.
const Format = t.Union([t.Literal('mp3'), t.Literal('wav')], { error: 'format must be mp3 or wav' });

/** Playing a chapter's audio: the stream and the presigned link (docs/api.md "Audio"). */
export const StreamQuery = t.Object({ voice: t.Optional(Voice), format: t.Optional(Format), locale: t.Optional(Language) });
export const PresignQuery = t.Object({ slug: Slug, chapter: Chapter, voice: t.Optional(Voice), locale: t.Optional(Language) });
