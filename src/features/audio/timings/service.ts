import { notFound } from '../../../platform/http/errors.ts';
import { resolveChapter, type AudioDeps } from '../service.ts';
import type { Timings } from './model.ts';
import type { Locale } from '../../../../views/context.ts';
import { storedTimings } from './queries.ts';

/**
 * GET /api/audio/timings/{slug}/{n}: the sentence timings of a chapter's stored audio, resolved
 * like presign and the stream (voice first, 400; then the chapter, 404). Text, not audio: it
 * counts nothing against the free tier.
 */
export async function audioTimings(deps: AudioDeps, slug: string, chapter: number, voiceId: string | undefined, locale: Locale | null = null): Promise<Timings> {
  const { target } = await resolveChapter(deps, slug, chapter, voiceId, locale);
  const stored = await storedTimings(deps.db, target);
  if (!stored) throw notFound('Audio not found: it has not been generated yet');
  if (!stored.sentences) throw notFound('Sentence timings not found: this audio was stored before timings were kept');
  // duration_seconds is a float4: back to the millisecond the job wrote.
  return { voice: target.voice, duration: Math.round(stored.duration * 1000) / 1000, sentences: stored.sentences };
}
