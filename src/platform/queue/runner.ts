import { hostname } from 'node:os';
import { systemClock, type Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { Cache } from '../cache/port.ts';
import type { Logger } from '../log.ts';
import { claim, heartbeat } from './lease.ts';
import type { Job } from './queue.ts';
import { recordOutcome } from './outcome.ts';
import { checkRegistry, type JobKindSpec } from './registry.ts';
import { nextRunOf } from './recurrence.ts';
import { finalEvent, progressWriter, publisher } from './events.ts';
import { Slot } from './slot.ts';
import type { AbortReason, WorkerDbConfig } from './protocol.ts';
import { announceEnqueuesOn, onLocalEnqueue, WAKE_CHANNEL } from './wake.ts';

export interface RunnerOptions {
  database: DatabaseHandle;
  /** Handed to job workers, which open their own small pool; null (embedded PGlite): the bridge. */
  databaseUrl: string | null;
  /**
   * Progress and final states are published on `job:<id>`; wake-ups for new jobs arrive on
   * `queue:wake` (wake.ts), also from other processes. Without a cache only enqueues made in this
   * process wake the runner before its poll.
   */
  cache?: Pick<Cache, 'publish' | 'subscribe'> | null;
  log: Logger;
  kinds: readonly JobKindSpec[];
  /** Default `<hostname>:<pid>`; each claim adds `#<attempt>.<nonce>` to make the owner token. */
  workerId?: string;
  pollIntervalMs?: number;
  /** Retry backoff base (see fail()). */
  backoffBaseMs?: number;
  progressIntervalMs?: number;
  /** stop() waits this long for aborted bodies before terminating their threads. */
  stopTimeoutMs?: number;
  /** A body ignoring a cancel or lost lease this long is hung: its thread is terminated. */
  abortGraceMs?: number;
  /** A worker thread idle this long is closed (default one minute). */
  idleThreadMs?: number;
  /** "Now" for booking recurring runs and for job bodies' ctx.now(); default the system clock. */
  clock?: Clock;
}

export interface JobRunner {
  readonly workerId: string;
  /** Resolves once wake-ups reach the runner (its cache subscription is in place). */
  readonly ready: Promise<void>;
  /** Claim now (every kind, or one) instead of at the next poll; enqueue() does it for you (wake.ts). */
  wake(kind?: string): void;
  /** Graceful: stop claiming, abort running bodies, wait, then terminate; interrupted jobs are re-queued. */
  stop(): Promise<void>;
}

interface Active {
  job: Job;
  owner: string;
  slot: Slot;
  abortReason: AbortReason | null;
  /** The body has ended: a late heartbeat must not abort (and later kill) the slot's next job. */
  ended: boolean;
  timers: ReturnType<typeof setTimeout>[];
  finished: Promise<void>;
}
interface IdleSlot {
  slot: Slot;
  since: number;
}
interface KindState {
  spec: JobKindSpec;
  idle: IdleSlot[];
  active: Map<string, Active>;
}

/** Job bodies run in Bun Workers, never on this (the HTTP) event loop; this only does bookkeeping. */
export function startJobRunner(options: RunnerOptions): JobRunner {
  const { database, log } = options;
  const db = database.db;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const abortGraceMs = options.abortGraceMs ?? 10_000;
  const idleThreadMs = options.idleThreadMs ?? 60_000;
  const clock = options.clock ?? systemClock;
  const dbConfig: WorkerDbConfig = options.databaseUrl && database.kind === 'pg' ? { kind: 'pg', url: options.databaseUrl } : { kind: 'bridge' };
  const publish = publisher(options.cache, log);
  // A job's own announcements (ctx.publish) reach every process through the shared cache.
  const relay = (channel: string, message: string) => {
    options.cache?.publish(channel, message).catch((error) => log.warn('job announcement not published', { channel, error }));
  };
  const kinds: KindState[] = checkRegistry(options.kinds).map((spec) => ({ spec, idle: [], active: new Map() }));
  const allActive = () => kinds.flatMap((k) => [...k.active.values()]);

  let stopping = false;
  let stopped: Promise<void> | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  let ticking: Promise<void> | null = null;
  let again = false;
  // Kinds the next claim round asks for: a wake-up names one kind, the poll asks for all.
  let wanted = new Set<string>();
  let wantAll = false;

  const abortJob = (active: Active, reason: AbortReason, graceMs: number) => {
    if (active.abortReason || active.ended) return;
    active.abortReason = reason;
    active.slot.abort(active.job.id, reason);
    active.timers.push(setTimeout(() => void active.slot.kill(`job ignored ${reason} for ${graceMs} ms`), graceMs));
  };

  function start(state: KindState, job: Job): void {
    let slot = state.idle.pop()?.slot;
    while (slot && !slot.alive) slot = state.idle.pop()?.slot;
    slot ??= new Slot(state.spec.workerFile, dbConfig, db, log.child({ kind: job.kind }), relay, clock);
    const owner = job.locked_by!;
    const leaseSeconds = state.spec.leaseSeconds;
    const progress = progressWriter(db, job, owner, options.progressIntervalMs ?? 250, publish, log);
    const active: Active = { job, owner, slot, abortReason: null, ended: false, timers: [], finished: Promise.resolve() };
    state.active.set(job.id, active);

    const beat = async () => {
      const result = await heartbeat(db, job.id, owner, leaseSeconds).catch((error) => {
        log.warn('job heartbeat failed', { id: job.id, error });
        return 'ok' as const; // keep trying; if the lease runs out meanwhile the next beat says so
      });
      if (result === 'cancel_requested') abortJob(active, 'cancelled', abortGraceMs);
      if (result === 'lost') abortJob(active, 'lease-lost', abortGraceMs);
    };
    active.timers.push(setInterval(beat, (leaseSeconds * 1000) / 3));

    const next = nextRunOf(state.spec, job.payload);
    const assignment = { id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts, maxAttempts: job.max_attempts, owner, next };
    active.finished = slot
      .run(assignment, progress.report)
      .then(async (outcome) => {
        active.ended = true;
        for (const timer of active.timers) clearTimeout(timer);
        await progress.stop();
        if (outcome.type === 'crashed') log.warn('job worker thread died', { id: job.id, kind: job.kind, reason: outcome.message });
        const row = await recordOutcome(db, active, outcome, { backoffBaseMs: options.backoffBaseMs, next, clock });
        if (row?.status === 'failed') log.warn('job failed', { id: job.id, kind: job.kind, attempts: row.attempts, error: row.error });
        if (row) publish(finalEvent(row));
        else log.warn('job outcome fenced off: its lease was lost', { id: job.id, owner, outcome: outcome.type });
      })
      .catch((error) => log.error('job settlement failed; the lease will expire and it will be retried', { id: job.id, error }))
      .finally(() => {
        for (const timer of active.timers) clearTimeout(timer);
        state.active.delete(job.id);
        if (slot.alive) state.idle.push({ slot, since: Date.now() });
        wake(job.kind);
      });
  }

  // A worker thread holds its own heap: one nobody needed for a while is closed (made again on demand).
  function retireIdle(): void {
    const cutoff = Date.now() - idleThreadMs;
    for (const state of kinds) {
      const retired = state.idle.filter((entry) => entry.since < cutoff);
      if (!retired.length) continue;
      state.idle = state.idle.filter((entry) => entry.since >= cutoff);
      for (const { slot } of retired) void slot.close();
    }
  }

  const freeSlots = (state: KindState) => state.spec.concurrency - state.active.size;

  async function tick(only: ReadonlySet<string> | null): Promise<void> {
    retireIdle();
    for (const state of kinds) {
      const free = freeSlots(state);
      if (stopping || free <= 0 || (only && !only.has(state.spec.kind))) continue;
      const jobs = await claim(db, { kinds: [state.spec.kind], workerId, leaseSeconds: state.spec.leaseSeconds, limit: free });
      for (const job of jobs) start(state, job);
    }
  }

  // One claim round at a time; wakes during a round coalesce into one more round right after it,
  // so a burst of enqueues costs at most two rounds, not one per job. Only a round over every kind
  // restarts the poll: wake-ups for one busy kind must not starve the others' delayed jobs.
  function wake(kind?: string): void {
    if (stopping) return;
    if (kind === undefined) wantAll = true;
    else wanted.add(kind);
    if (ticking) return void (again = true);
    ticking = (async () => {
      do {
        again = false;
        const only = wantAll ? null : wanted;
        if (!only && pollTimer) {
          clearTimeout(pollTimer);
          pollTimer = null;
        }
        wantAll = false;
        wanted = new Set();
        await tick(only).catch((error) => log.error('job claim failed', { error }));
      } while (again && !stopping);
    })().finally(() => {
      ticking = null;
      if (!stopping && !pollTimer) pollTimer = setTimeout(poll, pollIntervalMs);
    });
  }
  function poll(): void {
    pollTimer = null;
    wake();
  }

  // Only a kind this runner runs, with a slot free: anything else would be a claim round for nothing.
  const onWake = (kind: string) => {
    const state = kinds.find((k) => k.spec.kind === kind);
    if (state && freeSlots(state) > 0) wake(kind);
  };
  const cache = options.cache ?? null;
  const unbind = cache ? announceEnqueuesOn(db, cache, log) : () => {};
  const unlisten = cache ? null : onLocalEnqueue(onWake);
  const subscription = cache
    ? cache.subscribe(WAKE_CHANNEL, onWake).catch((error) => {
        log.warn('job wake-ups unavailable; polling only', { error });
        return null;
      })
    : Promise.resolve(null);
  const ready = subscription.then(() => undefined);
  wake();

  async function shutdown(): Promise<void> {
    stopping = true;
    unbind();
    unlisten?.();
    await (await subscription)?.().catch(() => {});
    if (pollTimer) clearTimeout(pollTimer);
    await ticking;
    const running = allActive();
    const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    for (const active of running) abortJob(active, 'shutdown', stopTimeoutMs);
    await Promise.allSettled(running.map((a) => a.finished)); // the abort's grace timer bounds this
    await Promise.allSettled(kinds.flatMap((k) => k.idle.splice(0).map(({ slot }) => slot.close())));
  }

  return {
    workerId,
    ready,
    wake,
    stop: () => (stopped ??= shutdown()),
  };
}
