import { jobKind } from '../../../platform/queue/index.ts';

/**
 * Narrating one chapter in one voice. Two at a time per worker process (an engine program and the
 * MP3 encoder each take a core); a 30 s lease, renewed every 10 s, so a job whose process died is
 * picked up again within about half a minute; three attempts (each also retries a failing chunk).
 */
export const generateAudioKind = jobKind({
  kind: 'audio.generate',
  workerFile: new URL('../../../../jobs/audio.generate.worker.ts', import.meta.url).pathname,
  concurrency: 2,
  leaseSeconds: 30,
  maxAttempts: 3,
});
