import { t, type Static } from 'elysia';
import { Chapter, JobStatus, Language, Slug, Voice } from '../model.ts';

/** Requesting a chapter's audio and asking how its generation goes (docs/api.md "Audio"). */
export const AudioRequestBody = t.Object({ slug: Slug, chapter: Chapter, voice: t.Optional(Voice), locale: t.Optional(Language) });

/** `error` is the reason of a failed job (null otherwise), an addition to decisions.md's `{job_id, status}`. */
export const StatusResponse = t.Object({ job_id: t.String(), status: JobStatus, error: t.Union([t.String(), t.Null()]) });

export type AudioStatus = Static<typeof StatusResponse>;
