import type { Db } from '../../../platform/db/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Logger } from '../../../platform/log.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { enqueueKind, type Job } from '../../../platform/queue/index.ts';
import type { AudioJob } from '../model.ts';
import type { VoiceSamplesPayload } from './job.ts';
import { SAMPLES_PREFIX, sampleKey } from './keys.ts';
import { VOICE_SAMPLES_DEDUPE_KEY, voiceSamplesKind } from './kind.ts';
import { resolveVoice } from '../voices/service.ts';
import type { SpeechCatalog } from '../../../integrations/tts/index.ts';

export interface VoiceSampleDeps {
  db: Db;
  objects: ObjectStore;
  speech: SpeechCatalog;
}

/** A sample is a few seconds long: an hour is plenty to press Preview and listen. */
export const SAMPLE_PRESIGN_SECONDS = 60 * 60;

/** The queue's words in the audio jobs' vocabulary, so clients read one set of states. */
function statusOf(status: Job['status']): AudioJob['status'] {
  if (status === 'queued') return 'pending';
  if (status === 'running') return 'generating';
  return status === 'done' ? 'done' : 'failed';
}

/**
 * POST /api/audio/voice-samples: the run queued or running, else a new one. The dedupe key makes
 * concurrent requests share one job; a `force` asked for while a run is under way gets that run.
 */
export async function requestVoiceSamples(db: Db, force: boolean): Promise<AudioJob> {
  const payload: VoiceSamplesPayload = { force };
  const job = await enqueueKind(db, voiceSamplesKind, payload, { dedupeKey: VOICE_SAMPLES_DEDUPE_KEY });
  return { job_id: job.id, status: statusOf(job.status) };
}

/** GET /api/presign/voice-sample/{voice}: unknown voice 400 (as every audio route), no sample yet 404. */
export async function presignVoiceSample(deps: VoiceSampleDeps, voiceId: string): Promise<string> {
  const { voice, format } = await resolveVoice(deps.speech, voiceId);
  const key = sampleKey(voice.id, format);
  if (!(await deps.objects.head(key))) throw notFound('Voice sample not found: it has not been generated yet');
  return deps.objects.presignGet(key, SAMPLE_PRESIGN_SECONDS);
}

/** Voices offered now whose sample is not stored: one listing of the prefix, no request per voice. */
export async function voicesWithoutSample(deps: Pick<VoiceSampleDeps, 'objects' | 'speech'>): Promise<string[]> {
  const voices = await deps.speech.listVoices();
  if (!voices.length) return [];
  const stored = new Set((await deps.objects.list(SAMPLES_PREFIX)).map((o) => o.key));
  const missing: string[] = [];
  for (const voice of voices) {
    const engine = await deps.speech.engineOfVoice(voice.id);
    if (engine && !stored.has(sampleKey(voice.id, engine.format))) missing.push(voice.id);
  }
  return missing;
}

/**
 * At start (src/jobs.ts): a fresh install, or a new engine or voice, gets its samples without an
 * admin's action. Every process may call this; the dedupe key keeps it to one run.
 */
export async function scheduleMissingVoiceSamples(deps: VoiceSampleDeps, log: Logger): Promise<string | null> {
  const missing = await voicesWithoutSample(deps);
  if (!missing.length) return null;
  const { job_id } = await requestVoiceSamples(deps.db, false);
  log.info('voice samples scheduled', { missing: missing.length, job: job_id });
  return job_id;
}
