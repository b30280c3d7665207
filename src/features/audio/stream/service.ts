import { MIME_TYPES, type AudioFormat } from '../../../integrations/tts/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Locale } from '../../../platform/i18n/locale.ts';
import { ensureJob, LISTENING_NOW } from '../generation/service.ts';
import { countChapter, requireListen, type Listener } from '../limit.ts';
import { resolveChapter, type AudioDeps } from '../service.ts';
import { checkFormat } from '../voices/service.ts';
import { partKey } from '../keys.ts';
import { markHeard, requestJump } from '../generation/queries.ts';
import { storedFromAudio } from './from.ts';
import { FOLLOW_DEFAULTS, liveAudio, type LivePlan } from './live.ts';
import { chapterScript, planSeek } from './seek.ts';
import { baseHeaders, storedAudio } from './stored.ts';

/** Presigned links to stored audio last this long: a long chapter, paused and resumed, keeps playing. */
export const PRESIGN_SECONDS = 6 * 60 * 60;

/** Only delivered audio counts: asking for a link to audio that does not exist is free (404). */
export async function presignAudio(deps: AudioDeps, who: Listener, slug: string, chapter: number, voiceId?: string, locale: Locale | null = null, dialogueVoiceId: string | null = null): Promise<string> {
  const r = await resolveChapter(deps, slug, chapter, voiceId, locale, dialogueVoiceId);
  if (!(await deps.objects.head(r.key))) throw notFound('Audio not found: it has not been generated yet');
  await countChapter(deps.cache, await deps.policy.current(), who, slug, chapter, deps.clock(), deps.log);
  return deps.objects.presignGet(r.key, PRESIGN_SECONDS);
}

/**
 * GET|HEAD /api/audio-stream/{slug}/{n}. HEAD answers 200 or 402 without counting or starting
 * anything; GET counts the chapter, serves the stored object (stored.ts), or starts (or joins) its
 * generation and streams it as it is made (live.ts). With `from` (a sentence, as the timings number
 * them): the stored file from that sentence (from.ts), else the live stream from it, the job asked
 * to make that sentence's chunk next when it has not yet (generation/job.ts).
 */
export async function streamAudio(
  deps: AudioDeps, who: Listener, userId: string | null, request: Request,
  input: { slug: string; chapter: number; voice?: string; format?: AudioFormat; locale?: Locale | null; from?: number; dialogueVoice?: string | null },
): Promise<Response> {
  const r = await resolveChapter(deps, input.slug, input.chapter, input.voice, input.locale ?? null, input.dialogueVoice ?? null);
  checkFormat(r, input.format);
  const seek = input.from === undefined ? null : await planSeek(deps, r, input.from);
  const fromHeader: Record<string, string> = seek ? { 'x-audio-from': String(seek.sentence) } : {};
  if (request.method === 'HEAD') {
    await requireListen(deps.cache, await deps.policy.current(), who, input.slug, input.chapter, deps.clock(), deps.log);
    if (seek) {
      const source = (await deps.objects.head(r.key)) ? 'stored' : 'none';
      return new Response(null, { headers: { ...baseHeaders(r.format), 'x-audio-source': source, ...fromHeader } });
    }
    return (await storedAudio(deps.objects, r.key, r.format, request)) ?? new Response(null, { headers: { 'content-type': MIME_TYPES[r.format], 'x-audio-source': 'none' } });
  }
  await countChapter(deps.cache, await deps.policy.current(), who, input.slug, input.chapter, deps.clock(), deps.log);
  const stored = seek
    ? await storedFromAudio(deps.objects, r.key, r.format, { sentence: seek.sentence, time: seek.time, chunks: seek.stored?.chunks ?? null })
    : await storedAudio(deps.objects, r.key, r.format, request);
  if (stored) return stored;
  const script = seek?.script ?? (await chapterScript(deps, r));
  // A new job starts at the sentence's chunk; one already running is asked to go there next.
  const job = await ensureJob(deps, r, userId, seek?.chunk, LISTENING_NOW);
  await markHeard(deps.db, job.id);
  if (seek && (job.status === 'pending' || job.status === 'generating') && !(await deps.objects.head(partKey(job.id, seek.chunk, r.format)))) {
    await requestJump(deps.db, job.id, seek.chunk);
  }
  const plan: LivePlan = { chunkCount: script.chunks.length, from: seek && { sentence: seek.sentence, chunk: seek.chunk, fraction: seek.fraction } };
  return liveAudio(deps, { id: job.id, target: r.target, format: r.format, key: r.key }, plan, deps.follow ?? FOLLOW_DEFAULTS, fromHeader);
}
