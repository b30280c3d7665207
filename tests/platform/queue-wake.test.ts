import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ColumnNode, UpdateQueryNode, type KyselyPlugin } from 'kysely';
import { adminUrl, createTestDatabase, type TestDatabase } from '../support/db.ts';
import { withRealServers } from '../support/servers.ts';
import { createTestRedisCache, randomPrefix } from '../support/cache.ts';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import { withPostgresChannels } from '../../src/platform/cache/pg-channels.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { silentLogger } from '../../src/platform/log.ts';
import {
  WAKE_CHANNEL, announceEnqueuesOn, cancel, enqueue, enqueueKind, getJob, jobKind, startJobRunner, transactionWithJobs,
  type Job, type JobRunner,
} from '../../src/platform/queue/index.ts';
import type { Step } from '../support/jobs/scripted.worker.ts';

/**
 * Wake-ups (src/platform/queue/wake.ts): runners polling only every 30 s must still claim a job
 * enqueued elsewhere within about 200 ms, through the in-process cache, through Redis and through
 * PostgreSQL NOTIFY (separate processes without Redis), where the "web" side and each of two
 * runners have their own connection (as separate processes would).
 */
const POLL_MS = 30_000;
const PROMPT_MS = 200;
const HOOK_TIMEOUT_MS = 30_000;
const workerFile = new URL('../support/jobs/scripted.worker.ts', import.meta.url).pathname;
// One at a time per runner: a second job can only start at once on the other runner.
const single = jobKind({ kind: 'test.wake-single', workerFile, concurrency: 1, leaseSeconds: 30, maxAttempts: 1 });
const burst = jobKind({ kind: 'test.wake-burst', workerFile, concurrency: 2, leaseSeconds: 30, maxAttempts: 1 });

/** Counts claim rounds: the claim's update is the only runner query that sets `attempts`. */
function claimCounter() {
  const counter = { claims: 0, plugin: null as unknown as KyselyPlugin };
  counter.plugin = {
    transformQuery({ node }) {
      if (UpdateQueryNode.is(node) && node.updates?.some((u) => ColumnNode.is(u.column) && u.column.column.name === 'attempts')) counter.claims++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return counter;
}

type Adapter = { name: string; servers?: true; open(): Promise<{ web: Cache; runners: [Cache, Cache]; all: Cache[] }> };
const adapters: Adapter[] = [
  {
    name: 'in-process cache',
    async open() {
      const cache = createMemoryCache();
      return { web: cache, runners: [cache, cache], all: [cache] };
    },
  },
  {
    name: 'Redis, separate connections',
    servers: true,
    async open() {
      const prefix = randomPrefix();
      const all = await Promise.all([0, 1, 2].map(() => createTestRedisCache(prefix)));
      return { web: all[0]!, runners: [all[1]!, all[2]!], all };
    },
  },
  {
    name: 'PostgreSQL NOTIFY, separate connections and memories',
    servers: true,
    async open() {
      const all = await Promise.all([0, 1, 2].map(() => withPostgresChannels(createMemoryCache(), adminUrl)));
      return { web: all[0]!, runners: [all[1]!, all[2]!], all };
    },
  },
];

const sleep = (ms: number) => Bun.sleep(ms);

describe.each(adapters.filter((a) => withRealServers || !a.servers))('job wake-ups: $name', (adapter) => {
  let handle: TestDatabase;
  let caches: Awaited<ReturnType<Adapter['open']>>;
  const counters = [claimCounter(), claimCounter()];
  const runners: JobRunner[] = [];
  let unbind: () => void;

  beforeAll(async () => {
    handle = await createTestDatabase();
    caches = await adapter.open();
    // What boot does for every process: enqueues on this database are announced on its cache.
    unbind = announceEnqueuesOn(handle.db, caches.web);
    for (const [i, counter] of counters.entries()) {
      const runner = startJobRunner({
        // Its own database object, as in another process (and so its claims can be counted).
        database: { ...handle, db: handle.db.withPlugin(counter.plugin) },
        databaseUrl: handle.url,
        cache: caches.runners[i],
        log: silentLogger,
        kinds: [single, burst],
        workerId: `runner-${i}`,
        pollIntervalMs: POLL_MS,
        stopTimeoutMs: 3000,
      });
      runners.push(runner);
      await runner.ready;
    }
    await sleep(300); // the start-up claim rounds are over: from now on only wake-ups claim
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.allSettled(runners.map((r) => r.stop()));
    unbind?.();
    await Promise.allSettled(caches?.all.map((c) => c.close()) ?? []);
    await handle?.close();
  }, HOOK_TIMEOUT_MS);

  async function waitFor(id: string, ok: (job: Job) => boolean, timeoutMs = 10_000): Promise<Job> {
    for (const until = Date.now() + timeoutMs; ; await sleep(10)) {
      const job = await getJob(handle.db, id);
      if (job && ok(job)) return job;
      if (Date.now() > until) throw new Error(`job ${id} stuck: ${JSON.stringify(job)}`);
    }
  }
  const claimed = (id: string) => waitFor(id, (j) => j.status !== 'queued');
  // Both stamps come from the database clock: the insert, and the claim (nothing else writes the row first).
  const claimDelay = (job: Job) => job.updated_at.getTime() - job.created_at.getTime();
  const settled = (id: string) => waitFor(id, (j) => ['done', 'failed', 'cancelled'].includes(j.status), 20_000);
  const steps = (sleepMs: number): { steps: Step[] } => ({ steps: [{ sleep: sleepMs }] });

  /** Every wake-up message published while `during` runs (plus a moment for delivery). */
  async function wakeMessages(during: (received: readonly string[]) => Promise<void>): Promise<string[]> {
    const received: string[] = [];
    const unsubscribe = await caches.web.subscribe(WAKE_CHANNEL, (kind) => received.push(kind));
    try {
      await during(received);
      await sleep(100);
    } finally {
      await unsubscribe();
    }
    return received;
  }
  // A job that has just ended wakes its runner for its kind: let that round pass before a test
  // that counts rounds or leaves a job queued on purpose.
  const quiet = () => sleep(200);

  test('an enqueued job is claimed within 200 ms, not at the 30 s poll; the next one by the other runner', async () => {
    const first = await enqueueKind(handle.db, single, steps(2000));
    const running = await claimed(first.id);
    expect(running.status).toBe('running');
    expect(claimDelay(running)).toBeLessThan(PROMPT_MS);

    // The runner holding the first job has no free slot: only the other one can take this at once.
    const second = await enqueueKind(handle.db, single, steps(0));
    const other = await claimed(second.id);
    expect(claimDelay(other)).toBeLessThan(PROMPT_MS);
    const owner = (job: Job) => job.locked_by!.split('#')[0];
    expect(new Set([owner(running), owner(other)])).toEqual(new Set(['runner-0', 'runner-1']));
    await Promise.all([settled(first.id), settled(second.id)]);
  }, HOOK_TIMEOUT_MS);

  test('a wake-up for a kind the runners do not run is ignored; one for theirs is not', async () => {
    await quiet();
    // Inserted behind the queue's back: no announcement, so only a claim round would find it.
    const hidden = await handle.db
      .insertInto('jobs')
      .values({ kind: single.kind, payload: JSON.stringify(steps(0)), max_attempts: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = counters.map((c) => c.claims);
    await caches.web.publish(WAKE_CHANNEL, 'test.wake-someone-else');
    await sleep(500);
    expect((await getJob(handle.db, hidden.id))!.status).toBe('queued');
    expect(counters.map((c) => c.claims)).toEqual(before);

    const wokenAt = Date.now();
    await caches.web.publish(WAKE_CHANNEL, single.kind);
    await claimed(hidden.id);
    expect(Date.now() - wokenAt).toBeLessThan(PROMPT_MS + 100); // the test's own 10 ms polling included
    await settled(hidden.id);
  }, HOOK_TIMEOUT_MS);

  test('a burst of enqueues costs a few claim rounds, not one per job', async () => {
    await quiet();
    const before = counters.reduce((sum, c) => sum + c.claims, 0);
    const jobs = await Promise.all(Array.from({ length: 30 }, () => enqueueKind(handle.db, burst, steps(1500))));
    await sleep(400); // every wake-up delivered; no job has ended yet, so no slot has freed
    const rounds = counters.reduce((sum, c) => sum + c.claims, 0) - before;
    const running = (await Promise.all(jobs.map((j) => getJob(handle.db, j.id)))).filter((j) => j!.status === 'running');
    expect(running).toHaveLength(4); // both runners' two slots, filled at once
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(rounds).toBeLessThanOrEqual(6); // 30 wake-ups reach each runner; at most 3 rounds each
    await Promise.all(jobs.map((j) => cancel(handle.db, j.id)));
    await Promise.all(jobs.map((j) => settled(j.id)));
  }, HOOK_TIMEOUT_MS);

  test('only a job due now is announced, once; a duplicate or a later one is not', async () => {
    const kind = 'test.wake-unrun';
    const received = await wakeMessages(async () => {
      const now = await enqueue(handle.db, { kind, dedupeKey: 'one' });
      expect((await enqueue(handle.db, { kind, dedupeKey: 'one' })).id).toBe(now.id);
      await enqueue(handle.db, { kind, runAt: new Date(Date.now() + 60_000) });
    });
    expect(received).toEqual([kind]);
  });

  test('a job enqueued in a transaction is announced after the commit, and claimed at once then', async () => {
    let id = '';
    let committedAt = 0;
    await quiet();
    const received = await wakeMessages(async (received) => {
      await transactionWithJobs(handle.db, async (trx) => {
        id = (await enqueueKind(trx, single, steps(0))).id;
        await sleep(300);
        expect(received).toEqual([]); // not before the commit: nobody could claim it yet
      });
      committedAt = Date.now();
      await claimed(id);
      expect(Date.now() - committedAt).toBeLessThan(PROMPT_MS + 100);
    });
    expect(received).toEqual([single.kind]);
    await settled(id);
  }, HOOK_TIMEOUT_MS);

  test('a transaction of its own announces nothing: its job waits for the poll', async () => {
    let id = '';
    await quiet();
    const received = await wakeMessages(async () => {
      await handle.db.transaction().execute(async (trx) => {
        id = (await enqueueKind(trx, single, steps(0))).id;
      });
      await sleep(300);
    });
    expect(received).toEqual([]);
    expect((await getJob(handle.db, id))!.status).toBe('queued');
    await cancel(handle.db, id);
  }, HOOK_TIMEOUT_MS);
});
