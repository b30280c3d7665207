import { t, type Static } from 'elysia';
import { Chapter, DialogueVoice, JobStatus, Language, Slug, Voice } from '../model.ts';

/** Requesting a chapter's audio and asking how its generation goes (docs/api.md "Audio"). */
/**
 * `ahead: true` asks for a chapter ahead of time (the player's auto-next): it starts the generation
 * but counts nothing; the chapter is counted when its stream is first played (docs/api.md "Audio").
 */
export const AudioRequestBody = t.Object({
  slug: Slug, chapter: Chapter, voice: t.Optional(Voice), locale: t.Optional(Language), dialogue_voice: t.Optional(DialogueVoice),
  ahead: t.Optional(t.Boolean({ description: 'asked ahead of time: generate, count nothing (402 when the chapter could not be played today)' })),
});

/** `error` is the reason of a failed job (null otherwise), an addition to decisions.md's `{job_id, status}`. */
export const StatusResponse = t.Object({ job_id: t.String(), status: JobStatus, error: t.Union([t.String(), t.Null()]) }, { title: 'AudioJobStatus' });

export type AudioStatus = Static<typeof StatusResponse>;
