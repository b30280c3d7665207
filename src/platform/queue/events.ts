import type { Cache } from '../cache/port.ts';
import type { Logger } from '../log.ts';
import { progress } from './lease.ts';
import type { Job, QueueDb } from './queue.ts';

/** Published on the cache channel `job:<id>` for live views (SSE): progress, then the final state. */
export interface JobEvent {
  id: string;
  kind: string;
  status: Job['status'];
  progress: number;
  message?: string;
  error?: string | null;
}

export const jobChannel = (id: string) => `job:${id}`;

export type Publish = (event: JobEvent) => void;

export function publisher(cache: Pick<Cache, 'publish'> | null | undefined, log: Logger): Publish {
  return (event) => {
    // Live views are a nicety: a cache outage must not disturb the job.
    cache?.publish(jobChannel(event.id), JSON.stringify(event)).catch((error) => log.warn('job event not published', { id: event.id, error }));
  };
}

export function finalEvent(job: Job): JobEvent {
  return { id: job.id, kind: job.kind, status: job.status, progress: job.progress, error: job.error };
}

/**
 * Bodies may report progress in a tight loop; the row is written (and the event published) at most
 * once per intervalMs, always with the latest value. Writes are fenced like every lease write.
 */
export function progressWriter(db: QueueDb, job: Job, owner: string, intervalMs: number, publish: Publish, log: Logger) {
  let latest: { fraction: number; message: string | undefined } | null = null;
  let lastWrite = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let inflight: Promise<void> = Promise.resolve();

  const write = async () => {
    timer = null;
    const value = latest;
    latest = null;
    if (!value || stopped) return;
    lastWrite = Date.now();
    try {
      if (await progress(db, job.id, owner, value.fraction)) {
        publish({ id: job.id, kind: job.kind, status: 'running', progress: value.fraction, message: value.message });
      }
    } catch (error) {
      log.warn('job progress not written', { id: job.id, error });
    }
  };

  return {
    report(fraction: number, message: string | undefined) {
      latest = { fraction, message };
      if (timer || stopped) return;
      timer = setTimeout(() => (inflight = write()), Math.max(0, lastWrite + intervalMs - Date.now()));
    },
    /**
     * The job is settling: its final state supersedes pending progress. Waits for a write in
     * flight so no progress event is published after the final one.
     */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inflight;
    },
  };
}
