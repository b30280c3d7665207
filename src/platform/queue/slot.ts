import { systemClock, type Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { createDbBridge, type DbBridge } from './db-bridge.ts';
import type { QueueDb } from './queue.ts';
import { toWireError, type AbortReason, type FromWorker, type JobAssignment, type ToWorker, type WorkerDbConfig } from './protocol.ts';

export type Outcome =
  | { type: 'done'; result: unknown }
  | { type: 'failed'; message: string; permanent: boolean }
  /** The thread died (process.exit, uncaught error, terminate) before the body settled. */
  | { type: 'crashed'; message: string };

/** A worker file that never calls defineJob would otherwise hold its job (heartbeated) forever. */
const READY_TIMEOUT_MS = 30_000;

export type OnProgress = (fraction: number, message: string | undefined) => void;

interface Current {
  jobId: string;
  settle(outcome: Outcome): void;
  onProgress: OnProgress;
  abortedEarly: boolean;
}

/**
 * One concurrency slot: a long-lived Bun Worker running one job at a time, reused for the next.
 * Bun's Worker termination is marked experimental, so it is only used for shutdown stragglers and
 * hung jobs; a thread that dies on its own is reported as `crashed` and the slot is discarded.
 */
export class Slot {
  readonly #worker: Worker;
  readonly #log: Logger;
  readonly #bridge: DbBridge | null;
  readonly #ready: Promise<boolean>;
  #markReady: (ok: boolean) => void = () => {};
  #alive = true;
  #lastError: string | null = null;
  #current: Current | null = null;
  #closed: () => void = () => {};
  readonly #closedPromise = new Promise<void>((resolve) => (this.#closed = resolve));

  readonly #onPublish: (channel: string, message: string) => void;
  readonly #clock: Clock;

  constructor(
    workerFile: string,
    dbConfig: WorkerDbConfig,
    mainDb: QueueDb,
    log: Logger,
    onPublish: (channel: string, message: string) => void = () => {},
    clock: Clock = systemClock,
  ) {
    this.#log = log;
    this.#onPublish = onPublish;
    this.#clock = clock;
    this.#bridge = dbConfig.kind === 'bridge' ? createDbBridge(mainDb) : null;
    this.#worker = new Worker(workerFile);
    this.#ready = new Promise((resolve) => (this.#markReady = resolve));
    const readyTimer = setTimeout(() => void this.kill(`${workerFile} did not call defineJob within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    void this.#ready.then(() => clearTimeout(readyTimer));
    this.#worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      if (event.data.type === 'ready') {
        this.#post({ type: 'init', db: dbConfig });
        this.#markReady(true);
      } else this.#onMessage(event.data);
    });
    // Bun's error event carries a source excerpt, not the Error: the runtime's `fatal` message
    // (sent before it exits) names it better, so the event is only the fallback.
    this.#worker.addEventListener('error', (event) => {
      this.#lastError ??= (event as ErrorEvent).message;
    });
    this.#worker.addEventListener('close', (event) => {
      void this.#die(this.#lastError ?? `worker exited with code ${(event as CloseEvent).code}`);
    });
  }

  get alive(): boolean {
    return this.#alive;
  }

  async run(job: JobAssignment, onProgress: OnProgress): Promise<Outcome> {
    if (this.#current) throw new Error('slot is busy');
    if (!this.#alive) return { type: 'crashed', message: 'worker already exited' };
    const current: Current = { jobId: job.id, settle: () => {}, onProgress, abortedEarly: false };
    const outcome = new Promise<Outcome>((settle) => (current.settle = settle));
    this.#current = current;
    if (!(await this.#ready)) return outcome; // died while starting: #die settled it as crashed
    if (current.abortedEarly) {
      // An abort that arrived while the thread was starting would reach it before the job.
      this.#current = null;
      current.settle({ type: 'failed', message: 'aborted before it started', permanent: false });
    } else this.#post({ type: 'run', job });
    return outcome;
  }

  abort(jobId: string, reason: AbortReason): void {
    if (this.#current?.jobId === jobId) this.#current.abortedEarly = true;
    this.#post({ type: 'abort', jobId, reason });
  }

  /** For a hung job or a shutdown straggler: the pending run() settles as crashed. */
  async kill(reason: string): Promise<void> {
    if (!this.#alive) return;
    this.#worker.terminate();
    await this.#die(reason);
  }

  /** Lets the worker close its pool and exit; terminates it if it does not within timeoutMs. */
  async close(timeoutMs = 2000): Promise<void> {
    if (!this.#alive) return;
    this.#post({ type: 'shutdown' });
    const timer = setTimeout(() => void this.kill('shutdown timeout'), timeoutMs);
    await this.#closedPromise;
    clearTimeout(timer);
  }

  #post(message: ToWorker): void {
    if (!this.#alive) return;
    try {
      this.#worker.postMessage(message);
    } catch (error) {
      this.#log.warn('job worker message lost', { error });
    }
  }

  #onMessage(message: FromWorker): void {
    const current = this.#current;
    switch (message.type) {
      case 'progress':
        if (current?.jobId === message.jobId) current.onProgress(message.fraction, message.message);
        return;
      case 'log':
        this.#log[message.level](message.msg, message.fields);
        return;
      case 'publish':
        this.#onPublish(message.channel, message.message);
        return;
      case 'db':
        if (!this.#bridge) return;
        this.#bridge.handle(message.request).then(
          (value) => this.#post({ type: 'db:reply', reqId: message.reqId, ok: true, value }),
          (error) => this.#post({ type: 'db:reply', reqId: message.reqId, ok: false, error: toWireError(error) }),
        );
        return;
      case 'clock':
        this.#post({ type: 'clock:reply', reqId: message.reqId, now: this.#clock().getTime() });
        return;
      case 'fatal':
        this.#lastError = message.message;
        return;
      case 'done':
      case 'failed':
        if (current?.jobId !== message.jobId) return;
        this.#current = null;
        current.settle(message.type === 'done' ? { type: 'done', result: message.result } : { ...message, type: 'failed' });
    }
  }

  async #die(message: string): Promise<void> {
    if (!this.#alive) return;
    this.#alive = false;
    this.#markReady(false);
    // Roll back the dead thread's transactions before anyone records the outcome: with PGlite an
    // open one would hold the only connection.
    await this.#bridge?.closeAll();
    const current = this.#current;
    this.#current = null;
    current?.settle({ type: 'crashed', message });
    this.#closed();
  }
}
