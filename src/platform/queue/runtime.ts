import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Fields, Level, Logger } from '../log.ts';
import { complete, lockIfOwned } from './lease.ts';
import { bookNextRun } from './recurrence.ts';
import { createWorkerDb, type WorkerDb } from './worker-db.ts';
import type { FromWorker, JobAssignment, ToWorker } from './protocol.ts';

/**
 * The worker-thread side of the queue. A worker file (jobs/<kind>.worker.ts) is:
 *
 *   import { defineJob, PermanentJobError } from '../src/platform/queue/runtime.ts';
 *   export default defineJob<{ slug: string }, { words: number }>(async (payload, ctx) => {
 *     for (const step of steps) { ctx.signal.throwIfAborted(); await step(); ctx.progress(i / n, 'step'); }
 *     return { words };                      // stored as the job's result (JSON)
 *   });
 *
 * defineJob runs at the module's top level: inside a Bun Worker it installs the message loop and
 * tells the runner it is ready; imported on the main thread (a unit test) it only returns the body.
 * One defineJob per file. Throw PermanentJobError for input that will never work (failed at once);
 * any other throw is retried with backoff until max_attempts. On cancel/shutdown ctx.signal aborts:
 * stop between steps by throwing (signal.throwIfAborted()); returning normally counts as done.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

export interface JobContext {
  readonly jobId: string;
  readonly kind: string;
  /** 1 on the first run. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** This attempt's fencing token (the row's locked_by). */
  readonly owner: string;
  readonly signal: AbortSignal;
  /** fraction 0..1; throttled by the runner, written to the row and published on `job:<id>`. */
  progress(fraction: number, message?: string): void;
  /** Publishes on the shared cache from the main thread (a worker thread has no cache of its own). */
  publish(channel: string, message: string): void;
  /** "Now" by the runner's clock (RunnerOptions.clock), asked of the main thread. */
  now(): Promise<Date>;
  readonly db: Kysely<Database>;
  readonly log: Logger;
  /**
   * Exactly-once database effects: runs `write` in a transaction that first locks the job row
   * (only if this attempt still owns it, else LeaseLostError) and completes the job in the same
   * commit (with a recurring kind's next run). Return its value from the body.
   */
  finish<R>(write: (trx: Transaction<Database>) => Promise<R>): Promise<R>;
}

export type JobBody<P = unknown, R = unknown> = (payload: P, ctx: JobContext) => Promise<R>;

const port = globalThis as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
let installed = false;

export function defineJob<P = unknown, R = unknown>(body: JobBody<P, R>): JobBody<P, R> {
  if (Bun.isMainThread) return body;
  if (installed) throw new Error('defineJob called twice in one worker file');
  installed = true;
  install(body as JobBody);
  return body;
}

function workerLogger(base: Fields): Logger {
  const emit = (level: Level) => (msg: string, fields?: Fields) => {
    // Errors do not survive structured cloning everywhere: flatten them before crossing.
    const flat = Object.fromEntries(
      Object.entries({ ...base, ...fields }).map(([k, v]) => [k, v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v]),
    );
    port.postMessage({ type: 'log', level, msg, fields: flat });
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error'), child: (f) => workerLogger({ ...base, ...f }) };
}

function install(body: JobBody): void {
  let database: WorkerDb | null = null;
  let current: { id: string; controller: AbortController } | null = null;
  const clockReplies = new Map<number, (now: Date) => void>();
  let nextClockReqId = 1;
  const now = () =>
    new Promise<Date>((resolve) => {
      const reqId = nextClockReqId++;
      clockReplies.set(reqId, resolve);
      port.postMessage({ type: 'clock', reqId });
    });

  const run = async (job: JobAssignment) => {
    const controller = new AbortController();
    current = { id: job.id, controller };
    const db = database!.db;
    const ctx: JobContext = {
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempt,
      maxAttempts: job.maxAttempts,
      owner: job.owner,
      signal: controller.signal,
      progress: (fraction, message) => port.postMessage({ type: 'progress', jobId: job.id, fraction, message }),
      publish: (channel, message) => port.postMessage({ type: 'publish', channel, message }),
      now,
      db,
      log: workerLogger({ jobId: job.id, kind: job.kind, attempt: job.attempt }),
      finish: (write) =>
        db.transaction().execute(async (trx) => {
          if (!(await lockIfOwned(trx, job.id, job.owner))) throw new LeaseLostError(`job ${job.id}: lease lost before finishing`);
          const result = await write(trx);
          await complete(trx, job.id, job.owner, result);
          if (job.next) await bookNextRun(trx, job, job.next, await now());
          return result;
        }),
    };
    try {
      const result = await body(job.payload, ctx);
      try {
        port.postMessage({ type: 'done', jobId: job.id, result: result ?? null });
      } catch (error) {
        port.postMessage({ type: 'failed', jobId: job.id, message: `result cannot be sent: ${String(error)}`, permanent: true });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof Error && error.name === 'PermanentJobError';
      port.postMessage({ type: 'failed', jobId: job.id, message, permanent });
    } finally {
      current = null;
    }
  };

  port.onmessage = (event) => {
    const message = event.data;
    switch (message.type) {
      case 'init':
        database = createWorkerDb(message.db, (reqId, request) => port.postMessage({ type: 'db', reqId, request }));
        return;
      case 'run':
        void run(message.job);
        return;
      case 'abort':
        if (current?.id === message.jobId) current.controller.abort(new DOMException(`job ${message.reason}`, 'AbortError'));
        return;
      case 'db:reply':
        database?.onReply(message);
        return;
      case 'clock:reply':
        clockReplies.get(message.reqId)?.(new Date(message.now));
        clockReplies.delete(message.reqId);
        return;
      case 'shutdown':
        void (database?.close() ?? Promise.resolve()).finally(() => process.exit(0));
        return;
    }
  };
  // After an uncaught error the body's promise is in an unknown state: report it and end the
  // thread (as Node does), so the runner retries the job on a fresh one. The global `error`
  // event, not process.on('uncaughtException'), which never fires in workers under `bun test`.
  let dying = false;
  const fatal = (reason: unknown) => {
    if (dying) return;
    dying = true;
    port.postMessage({ type: 'fatal', message: reason instanceof Error ? reason.message : String(reason) });
    process.exit(1);
  };
  addEventListener('error', (event) => fatal((event as ErrorEvent).error ?? (event as ErrorEvent).message));
  addEventListener('unhandledrejection', (event) => fatal((event as PromiseRejectionEvent).reason));
  port.postMessage({ type: 'ready' });
}
