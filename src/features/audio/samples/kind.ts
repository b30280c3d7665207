import { jobKind } from '../../../platform/queue/index.ts';

/**
 * Generating the voice samples: one job for every voice, one at a time (a sample is a sentence, a
 * second or two of work per voice). The lease is renewed while it runs; three attempts, each of
 * which skips the samples an earlier one already stored (unless forced).
 */
export const voiceSamplesKind = jobKind({
  kind: 'audio.voice-samples',
  workerFile: new URL('../../../../jobs/audio.voice-samples.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 30,
  maxAttempts: 3,
});

/** One run at a time: a repeated request while one is queued or running gets that one. */
export const VOICE_SAMPLES_DEDUPE_KEY = 'all-voices';
