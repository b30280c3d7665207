import { isAbsolute } from 'node:path';
import { enqueue, type EnqueueInput, type Job, type QueueDb } from './queue.ts';

/**
 * A job kind as the runner knows it. Declare one next to the feature that owns it, e.g.
 *
 *   export const renderAudio = jobKind({
 *     kind: 'audio.render',
 *     workerFile: new URL('../../../jobs/audio.render.worker.ts', import.meta.url).pathname,
 *     concurrency: 2, leaseSeconds: 60, maxAttempts: 3,
 *   });
 *
 * and enqueue with `enqueueKind(db, renderAudio, payload)` so the row gets the kind's maxAttempts.
 * A kind that runs again and again declares its `recurrence` (recurrence.ts), e.g.
 *
 *   recurrence: { key: 'daily', every: 24 * 3600_000 }
 *   recurrence: { key: 'new-chapters', every: (payload) => (payload as { intervalMs: number }).intervalMs }
 *
 * and is started once with scheduleRecurring(); the queue books every later run.
 */
export interface Recurrence {
  /** The dedupe key of the one pending run; each run hands it to the next. */
  readonly key: string;
  /**
   * Milliseconds from the end of a successful run to the next (by the runner's clock), or read
   * from the run's payload: an interval from the configuration travels with the schedule.
   */
  readonly every: number | ((payload: unknown) => number);
}

export interface JobKindSpec {
  /** Matches the table's check: ^[a-z][a-z0-9_.-]*$ */
  readonly kind: string;
  /** Absolute path of the worker file (see runtime.ts for its shape). */
  readonly workerFile: string;
  /** Jobs of this kind running at once in one runner (one long-lived worker thread each). */
  readonly concurrency: number;
  /** Heartbeats renew the lease every leaseSeconds/3; a dead runner's job is retried after it expires. */
  readonly leaseSeconds: number;
  readonly maxAttempts: number;
  readonly recurrence?: Recurrence;
}

const KIND = /^[a-z][a-z0-9_.-]*$/;

export function jobKind(spec: JobKindSpec): JobKindSpec {
  if (!KIND.test(spec.kind)) throw new Error(`job kind ${JSON.stringify(spec.kind)} must match ${KIND}`);
  if (!isAbsolute(spec.workerFile)) throw new Error(`job kind ${spec.kind}: workerFile must be absolute`);
  if (!(spec.concurrency >= 1) || !Number.isInteger(spec.concurrency)) throw new Error(`job kind ${spec.kind}: concurrency must be an integer ≥ 1`);
  if (!(spec.leaseSeconds > 0)) throw new Error(`job kind ${spec.kind}: leaseSeconds must be > 0`);
  if (!(spec.maxAttempts >= 1)) throw new Error(`job kind ${spec.kind}: maxAttempts must be ≥ 1`);
  const recurrence = spec.recurrence;
  if (recurrence && !recurrence.key) throw new Error(`job kind ${spec.kind}: recurrence needs a key`);
  if (recurrence && typeof recurrence.every === 'number' && !(recurrence.every > 0)) throw new Error(`job kind ${spec.kind}: recurrence.every must be > 0`);
  return Object.freeze({ ...spec });
}

/** Validates a set of kinds for one runner: each kind once. */
export function checkRegistry(kinds: readonly JobKindSpec[]): readonly JobKindSpec[] {
  const seen = new Set<string>();
  for (const spec of kinds) {
    jobKind(spec);
    if (seen.has(spec.kind)) throw new Error(`job kind ${spec.kind} registered twice`);
    seen.add(spec.kind);
  }
  return kinds;
}

export function enqueueKind(
  db: QueueDb,
  spec: JobKindSpec,
  payload: unknown,
  options: Omit<EnqueueInput, 'kind' | 'payload'> = {},
): Promise<Job> {
  return enqueue(db, { maxAttempts: spec.maxAttempts, ...options, kind: spec.kind, payload });
}
