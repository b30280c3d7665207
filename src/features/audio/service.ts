import { MIME_TYPES, type AudioFormat, type Voice } from '../../integrations/tts/index.ts';
import type { Cache } from '../../platform/cache/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { enqueueKind, type JobKindSpec } from '../../platform/queue/index.ts';
import type { AudioJobPayload } from './job.ts';
import { audioKey } from './keys.ts';
import { countChapter, mayListen, proRequired, type Listener } from './limit.ts';
import type { AudioJob, AudioStatus } from './model.ts';
import { activeJob, insertPending, jobById, latestJob, missingPart, type AudioJobRow, type Target } from './queries.ts';
import { publicError, settleOrphans } from './state.ts';
import { storedAudio } from './stored.ts';
import { FOLLOW_DEFAULTS, liveAudio, type FollowOptions } from './stream.ts';
import { checkFormat, resolveVoice, type ResolvedVoice, type SpeechCatalog } from './voices.ts';
import { narrationVoice, voiceForLanguage } from './narration.ts';
import { translatedChapter } from '../translation/service.ts';
import type { Locale } from '../../../views/context.ts';

export interface AudioDeps {
  db: Db;
  cache: Cache;
  objects: ObjectStore;
  speech: SpeechCatalog;
  /** audio.generate; tests run the same kind with fake engines in its worker. */
  kind: JobKindSpec;
  follow?: FollowOptions;
  clock: Clock;
}

/** Presigned links to stored audio last this long: a long chapter, paused and resumed, keeps playing. */
export const PRESIGN_SECONDS = 6 * 60 * 60;

export async function listVoices(speech: SpeechCatalog): Promise<Voice[]> {
  return (await speech.listVoices()).map(({ id, name, engine, language }) => ({ id, name, engine, language }));
}

interface Resolved extends ResolvedVoice {
  target: Target;
  key: string;
}

/**
 * Voice first (400 naming it), then the chapter (404); the voice defaults to the first one, or
 * with `locale` to the first voice of that language, reading the chapter's stored translation
 * (404 until there is one).
 */
export async function resolveChapter(deps: AudioDeps, slug: string, chapter: number, voiceId: string | undefined, locale: Locale | null = null): Promise<Resolved> {
  const resolved = await resolveVoice(deps.speech, await voiceForLanguage(deps.speech, voiceId, locale));
  const missing = await missingPart(deps.db, slug, chapter);
  if (missing === 'book') throw notFound('Book not found');
  if (missing === 'chapter') throw notFound('Chapter not found');
  if (locale && !(await translatedChapter(deps.db, { slug, chapter, locale }))) throw notFound(`This chapter has no ${locale} translation yet (POST /api/translate)`);
  const target = { slug, chapter, voice: narrationVoice(resolved.voice.id, locale) };
  return { ...resolved, target, key: audioKey(slug, chapter, target.voice, resolved.format) };
}

const asJob = (row: AudioJobRow): AudioJob => ({ job_id: row.id, status: row.status });

/**
 * The job of a chapter and voice: the one pending or generating, else the done one when the audio
 * is stored, else a new one. The queue job is enqueued (and committed, which wakes this process's
 * runner at once) before its audio_jobs row is written; its dedupe key makes concurrent requests
 * share one queue job, and the row's id is the queue job's, so they share the row too.
 */
export async function ensureJob(deps: AudioDeps, r: Resolved, requestedBy: string | null): Promise<AudioJobRow> {
  await settleOrphans(deps.db, r.target);
  const active = await activeJob(deps.db, r.target);
  if (active) return active;
  const latest = await latestJob(deps.db, r.target);
  if (latest?.status === 'done' && (await deps.objects.head(r.key))) return latest;
  const payload: AudioJobPayload = { ...r.target, requestedBy };
  let row: AudioJobRow | undefined;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const queued = await enqueueKind(deps.db, deps.kind, payload, { dedupeKey: `${r.target.slug}/${r.target.chapter}/${r.target.voice}` });
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

const SETTLE_ROUNDS = 40;
const SETTLE_PAUSE_MS = 50;

/** POST /api/audio: counts the chapter (402 past the free tier), then the job. */
export async function requestAudio(deps: AudioDeps, who: Listener, userId: string | null, slug: string, chapter: number, voiceId?: string, locale: Locale | null = null): Promise<AudioJob> {
  const r = await resolveChapter(deps, slug, chapter, voiceId, locale);
  await countChapter(deps.cache, who, slug, chapter, deps.clock());
  return asJob(await ensureJob(deps, r, userId));
}

export async function audioStatus(deps: AudioDeps, slug: string, chapter: number, voiceId?: string, locale: Locale | null = null): Promise<AudioStatus> {
  const r = await resolveChapter(deps, slug, chapter, voiceId, locale);
  await settleOrphans(deps.db, r.target);
  const row = await latestJob(deps.db, r.target);
  if (!row) throw notFound('No audio has been requested for this chapter and voice');
  return { ...asJob(row), error: row.status === 'failed' ? publicError(row.error) : null };
}

/** Only delivered audio counts: asking for a link to audio that does not exist is free (404). */
export async function presignAudio(deps: AudioDeps, who: Listener, slug: string, chapter: number, voiceId?: string, locale: Locale | null = null): Promise<string> {
  const r = await resolveChapter(deps, slug, chapter, voiceId, locale);
  if (!(await deps.objects.head(r.key))) throw notFound('Audio not found: it has not been generated yet');
  await countChapter(deps.cache, who, slug, chapter, deps.clock());
  return deps.objects.presignGet(r.key, PRESIGN_SECONDS);
}

/**
 * GET|HEAD /api/audio-stream/{slug}/{n}. HEAD answers 200 or 402 without counting or starting
 * anything; GET counts the chapter, serves the stored object, or starts (or joins) its generation
 * and streams it as it is made.
 */
export async function streamAudio(
  deps: AudioDeps, who: Listener, userId: string | null, request: Request,
  input: { slug: string; chapter: number; voice?: string; format?: AudioFormat; locale?: Locale | null },
): Promise<Response> {
  const r = await resolveChapter(deps, input.slug, input.chapter, input.voice, input.locale ?? null);
  checkFormat(r, input.format);
  if (request.method === 'HEAD') {
    if (!(await mayListen(deps.cache, who, input.slug, input.chapter, deps.clock()))) throw proRequired();
    return (await storedAudio(deps.objects, r.key, r.format, request)) ?? new Response(null, { headers: { 'content-type': MIME_TYPES[r.format], 'x-audio-source': 'none' } });
  }
  await countChapter(deps.cache, who, input.slug, input.chapter, deps.clock());
  const stored = await storedAudio(deps.objects, r.key, r.format, request);
  if (stored) return stored;
  const job = await ensureJob(deps, r, userId);
  return liveAudio(deps, { id: job.id, target: r.target, format: r.format, key: r.key }, deps.follow ?? FOLLOW_DEFAULTS);
}
