import { enqueueKind, raisePriority } from '../../../platform/queue/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Locale } from '../../../platform/i18n/locale.ts';
import { countChapter, requireListen, type Listener } from '../limit.ts';
import type { AudioJob } from '../model.ts';
import { resolveChapter, type AudioDeps, type ResolvedChapter } from '../service.ts';
import { publicError } from '../failures.ts';
import type { AudioJobPayload } from './job.ts';
import type { AudioStatus } from './model.ts';
import { activeJob, insertPending, jobById, latestJob, markAsked, storedFilesInRange, type AudioJobRow } from './queries.ts';
import { resolveVoice } from '../voices/service.ts';
import { settleOrphans } from './state.ts';

const asJob = (row: AudioJobRow): AudioJob => ({ job_id: row.id, status: row.status });

/**
 * The job of a chapter and voice: the one pending or generating, else the done one when the audio
 * is stored, else a new one. The queue job is enqueued (and committed, which wakes this process's
 * runner at once) before its audio_jobs row is written; its dedupe key makes concurrent requests
 * share one queue job, and the row's id is the queue job's, so they share the row too.
 * A chapter someone is about to hear (`priority` LISTENING_NOW) goes ahead of the ones queued for
 * later (the next chapter, an export), and lifts its own job when it was queued for later.
 */
export async function ensureJob(
  deps: Pick<AudioDeps, 'db' | 'objects' | 'kind'>, r: Pick<ResolvedChapter, 'target' | 'key'>, requestedBy: string | null, startAt?: number, priority = QUEUED_FOR_LATER,
): Promise<AudioJobRow> {
  await settleOrphans(deps.db, r.target);
  const active = await activeJob(deps.db, r.target);
  if (active) {
    if (priority > QUEUED_FOR_LATER) await raisePriority(deps.db, active.id, priority);
    return active;
  }
  const latest = await latestJob(deps.db, r.target);
  if (latest?.status === 'done' && (await deps.objects.head(r.key))) return latest;
  const payload: AudioJobPayload = { ...r.target, requestedBy, ...(startAt === undefined ? {} : { startAt }) };
  let row: AudioJobRow | undefined;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const queued = await enqueueKind(deps.db, deps.kind, payload, { dedupeKey: `${r.target.slug}/${r.target.chapter}/${r.target.voice}`, priority });
    if (queued.priority < priority) await raisePriority(deps.db, queued.id, priority);
    await insertPending(deps.db, queued.id, r.target, requestedBy);
    row = (await jobById(deps.db, queued.id)) ?? (await activeJob(deps.db, r.target));
    if (!row) throw new Error(`audio job ${queued.id} has no row`);
    if (row.status === 'pending' || row.status === 'generating') return row;
    // A job that has just written `failed` holds its queue row (and so the dedupe key) until the
    // runner records the outcome, a few milliseconds later: ask again for a fresh one.
    await Bun.sleep(SETTLE_PAUSE_MS);
  }
  return row!;
}

/** Queue priorities of narration: what a listener waits for now, and what is made ahead of need. */
export const LISTENING_NOW = 10;
export const QUEUED_FOR_LATER = 0;
/** Chapters an export narrates wait behind anything a listener may hear soon. */
export const FOR_AN_EXPORT = -10;

const SETTLE_ROUNDS = 40;
const SETTLE_PAUSE_MS = 50;

/**
 * POST /api/audio: counts the chapter (402 past the daily limit, when the policy sets one), then the job. Asked `ahead` (the
 * next chapter, before this one ends) it only checks that the chapter could be played today: the
 * stream's GET counts it if it is ever played.
 */
export async function requestAudio(
  deps: AudioDeps, who: Listener, userId: string | null, slug: string, chapter: number, voiceId?: string, locale: Locale | null = null, ahead = false, dialogueVoiceId: string | null = null,
): Promise<AudioJob> {
  const r = await resolveChapter(deps, slug, chapter, voiceId, locale, dialogueVoiceId);
  const policy = await deps.policy.current();
  if (!ahead) await countChapter(deps.cache, policy, who, slug, chapter, deps.clock(), deps.log);
  else await requireListen(deps.cache, policy, who, slug, chapter, deps.clock(), deps.log);
  const job = await ensureJob(deps, r, userId, undefined, ahead ? QUEUED_FOR_LATER : LISTENING_NOW);
  if (!ahead) await markAsked(deps.db, job.id);
  return asJob(job);
}

export async function audioStatus(deps: AudioDeps, slug: string, chapter: number, voiceId?: string, locale: Locale | null = null, dialogueVoiceId: string | null = null): Promise<AudioStatus> {
  const r = await resolveChapter(deps, slug, chapter, voiceId, locale, dialogueVoiceId);
  await settleOrphans(deps.db, r.target);
  const row = await latestJob(deps.db, r.target);
  if (!row) throw notFound('No audio has been requested for this chapter and voice');
  return { ...asJob(row), error: row.status === 'failed' ? publicError(row.error) : null };
}

export interface StoredChapterAudio {
  chapter: number;
  voice: string;
  format: 'mp3' | 'wav';
  bytes: number;
  duration: number;
}

/**
 * Which chapters of a run already have stored audio in the voice asked for (the default voice when
 * none): what a device can keep for offline listening without anything being generated.
 */
export async function storedAudioInRange(deps: Pick<AudioDeps, 'db' | 'speech'>, slug: string, from: number, to: number, voiceId?: string): Promise<StoredChapterAudio[]> {
  const { voice } = await resolveVoice(deps.speech, voiceId);
  const rows = await storedFilesInRange(deps.db, slug, from, to, voice.id);
  return rows.map((row) => ({ chapter: row.chapter, voice: voice.id, format: row.format, bytes: Number(row.size_bytes), duration: Number(row.duration_seconds) }));
}
