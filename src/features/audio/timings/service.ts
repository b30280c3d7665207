import { notFound } from '../../../platform/http/errors.ts';
import { resolveChapter, type AudioDeps } from '../service.ts';
import type { Timings } from './model.ts';
import type { Locale } from '../../../platform/i18n/locale.ts';
import { storedTimings } from './queries.ts';
import { narrationScript } from '../script.ts';
import { estimatedTimings, speakingRate } from './estimate.ts';

/**
 * GET /api/audio/timings/{slug}/{n}: the sentence timings of a chapter's stored audio, resolved
 * like presign and the stream (voice first, 400; then the chapter, 404). Text, not audio: it
 * counts nothing against the free tier. With `estimate`, a chapter whose audio is not stored yet
 * gets timings estimated from its script and the voice's speaking rate (estimate.ts), numbered as
 * the stored ones will be, so a player can seek (a stream `from` a sentence) before it is stored.
 */
export async function audioTimings(
  deps: AudioDeps, slug: string, chapter: number, voiceId: string | undefined, locale: Locale | null = null, estimate = false, dialogueVoiceId: string | null = null,
): Promise<Timings> {
  const r = await resolveChapter(deps, slug, chapter, voiceId, locale, dialogueVoiceId);
  const { target } = r;
  const stored = await storedTimings(deps.db, target);
  if (!stored && estimate) {
    const narration = await narrationScript(deps.db, target, r.voice);
    if ('missing' in narration) throw notFound('Chapter not found');
    return { voice: target.voice, ...estimatedTimings(narration.script, speakingRate(r.voice)), estimated: true };
  }
  if (!stored) throw notFound('Audio not found: it has not been generated yet');
  if (!stored.sentences) throw notFound('Sentence timings not found: this audio was stored before timings were kept');
  // duration_seconds is a float4: back to the millisecond the job wrote.
  const exact = { voice: target.voice, duration: Math.round(stored.duration * 1000) / 1000, sentences: stored.sentences };
  return estimate ? { ...exact, estimated: false } : exact;
}
