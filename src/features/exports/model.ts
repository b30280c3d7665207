import { t, type Static } from 'elysia';
import { VOICE_PATTERN } from '../settings/model.ts';

/**
 * Exports made as jobs (docs/api.md "Narrated EPUB and audiobook exports"): a chapter range as an
 * EPUB 3 whose chapters read along with their narration, or as one audiobook file with chapters.
 */
export const EXPORT_FORMATS = ['epub-narrated', 'audiobook'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Chapters are checked by the service after the Pro check, so these only bound the input. */
export const ExportRequestBody = t.Object({
  slug: t.String({ minLength: 1, maxLength: 200, error: 'slug must be a book slug' }),
  from: t.Optional(t.Integer({ minimum: 1, error: 'from must be a chapter number (a whole number of at least 1)' })),
  to: t.Optional(t.Integer({ minimum: 1, error: 'to must be a chapter number (a whole number of at least 1)' })),
  format: t.Union([t.Literal('epub-narrated'), t.Literal('audiobook')], { error: 'format must be epub-narrated or audiobook' }),
  voice: t.Optional(t.String({ pattern: VOICE_PATTERN, error: 'voice must be a voice id (see GET /api/voices)' })),
  /** The voice that reads the dialogue; without it the reader's setting (when no voice is given), null or "" for one voice. */
  dialogue_voice: t.Optional(t.Union([t.String({ pattern: VOICE_PATTERN }), t.Literal(''), t.Null()], { error: 'dialogue_voice must be null or a voice id of the same language as voice' })),
});
export type ExportRequestBody = Static<typeof ExportRequestBody>;

export const ExportAccepted = t.Object({ job_id: t.String({ format: 'uuid' }) }, { title: 'ExportAccepted' });

export const ExportStatus = t.Union([t.Literal('pending'), t.Literal('running'), t.Literal('done'), t.Literal('failed')]);

export const ExportJobResponse = t.Object(
  {
    status: ExportStatus,
    /** 0..1: the narration of missing chapters first, then the packing of the file. */
    progress: t.Number({ minimum: 0, maximum: 1 }),
    /** What the job is doing, in the caller's language ("Narrating chapter 3 of 50"). */
    message: t.Optional(t.String()),
    /** When done: where the file is downloaded (the caller's session or token). */
    url: t.Optional(t.String()),
    /** When failed: why, in plain words. */
    error: t.Optional(t.String()),
    format: t.Union([t.Literal('epub-narrated'), t.Literal('audiobook')]),
    slug: t.String(),
    from: t.Integer(),
    to: t.Integer(),
    /** The narration's voice; with a dialogue voice `<voice>+<dialogue voice>`. */
    voice: t.String(),
    /** When done: the file's size in bytes. */
    size: t.Optional(t.Integer()),
  },
  { title: 'ExportJob' },
);
export type ExportJobResponse = Static<typeof ExportJobResponse>;

export const ExportJobParams = t.Object({ job_id: t.String({ maxLength: 64 }) });

/** What the job is given: everything it needs to find, narrate and pack the chapters. */
export interface ExportJobPayload {
  slug: string;
  from: number;
  to: number;
  format: ExportFormat;
  voice: string;
  /** The voice's stored audio format (Flite's is WAV, encoded to MP3 when packed). */
  audioFormat: 'mp3' | 'wav';
  /** Where the finished file goes; every request sharing it is told the outcome. */
  objectKey: string;
  /** The reader who asked first (the narration jobs are theirs, without notifications). */
  requestedBy: string;
}
