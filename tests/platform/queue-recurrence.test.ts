import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestDatabase, realBackends, type TestDatabase } from '../support/db.ts';
import { testClock } from '../support/clock.ts';
import { until } from '../support/until.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { getJob, jobKind, scheduleRecurring, startJobRunner, type Job, type JobKindSpec, type JobRunner, type Recurrence } from '../../src/platform/queue/index.ts';
import type { Step } from '../support/jobs/scripted.worker.ts';

/** Kinds that declare their recurrence: the queue books each next run with the runner's clock. */
const HOUR = 3600_000;
const scriptedFile = new URL('../support/jobs/scripted.worker.ts', import.meta.url).pathname;
const recurring = (name: string, every: Recurrence['every'], maxAttempts = 2): JobKindSpec =>
  jobKind({ kind: `test.recurring.${name}`, workerFile: scriptedFile, concurrency: 1, leaseSeconds: 5, maxAttempts, recurrence: { key: `every-${name}`, every } });

const returns = recurring('returns', HOUR);
const finishes = recurring('finishes', HOUR);
const failsOnce = recurring('fails-once', HOUR);
const failsForGood = recurring('fails-for-good', HOUR, 1);
const fromPayload = recurring('from-payload', (payload) => (payload as { intervalMs: number }).intervalMs);
const shared = recurring('shared', HOUR);

let handle: TestDatabase;
// Fixed: whatever the runner stamps is this instant (plus the interval), on any day.
const clock = testClock();
let runners: JobRunner[] = [];
const HOOK_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  handle = await createTestDatabase();
  // Two runners on one database, as two worker processes would be.
  runners = ['one', 'two'].map((name) =>
    startJobRunner({
      database: handle, databaseUrl: handle.url, log: silentLogger, workerId: name, clock: clock.now,
      kinds: [returns, finishes, failsOnce, failsForGood, fromPayload, shared],
      pollIntervalMs: 50, backoffBaseMs: 50, progressIntervalMs: 50, stopTimeoutMs: 3000,
    }),
  );
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await handle?.close();
}, HOOK_TIMEOUT_MS);

const jobsOf = (kind: JobKindSpec) => handle.db.selectFrom('jobs').selectAll().where('kind', '=', kind.kind).orderBy('created_at').execute();
const pending = async (kind: JobKindSpec) => (await jobsOf(kind)).filter((job) => job.status === 'queued' || job.status === 'running');
const ended = (id: string) =>
  until(async () => {
    const job = await getJob(handle.db, id);
    return job && ['done', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
  });

/** Schedules the first run for now (twice, as two starting processes do) and waits for it to end. */
async function firstRun(kind: JobKindSpec, payload: Record<string, unknown>): Promise<Job> {
  await scheduleRecurring(handle.db, kind, clock.now(), { payload });
  await scheduleRecurring(handle.db, kind, clock.now(), { payload });
  const [first, ...more] = await jobsOf(kind);
  expect(more).toEqual([]);
  expect(first!.dedupe_key).toBe(kind.recurrence!.key);
  return ended(first!.id);
}

async function expectOneNextRun(kind: JobKindSpec, afterMs: number, payload: unknown): Promise<void> {
  const next = await pending(kind);
  expect(next).toHaveLength(1);
  expect(next[0]).toMatchObject({ status: 'queued', dedupe_key: kind.recurrence!.key, max_attempts: kind.maxAttempts, payload });
  expect(next[0]!.run_at.getTime()).toBe(clock.now().getTime() + afterMs);
}

describe(`recurring job kinds (${realBackends ? 'PostgreSQL' : 'PGlite'})`, () => {
  test('a body that returns: the runner completes it and books the next run at clock + interval', async () => {
    const payload = { steps: [] satisfies Step[] };
    const run = await firstRun(returns, payload);
    expect(run).toMatchObject({ status: 'done', dedupe_key: null });
    await expectOneNextRun(returns, HOUR, payload);
  });

  test('a body that calls ctx.finish(): the next run is booked in its commit, by the runner clock', async () => {
    const payload = { steps: [{ finishWithNote: 'counted' }] satisfies Step[] };
    const run = await firstRun(finishes, payload);
    expect(run).toMatchObject({ status: 'done', dedupe_key: null });
    await expectOneNextRun(finishes, HOUR, payload);
  });

  test('the interval can come from the payload (a configured interval travels with the schedule)', async () => {
    const payload = { steps: [] satisfies Step[], intervalMs: 90_000 };
    expect((await firstRun(fromPayload, payload)).status).toBe('done');
    await expectOneNextRun(fromPayload, 90_000, payload);
  });

  test('a failed attempt is retried holding the key (still one pending run); the retry books the next', async () => {
    const payload = { steps: [{ on: [1], fail: 'source down' }, { on: [2], sleep: 500 }] satisfies Step[] };
    await scheduleRecurring(handle.db, failsOnce, clock.now(), { payload });
    const [job] = await jobsOf(failsOnce);
    const retrying = await until(async () => {
      const row = await getJob(handle.db, job!.id);
      return row?.status === 'running' && row.attempts === 2 ? row : undefined;
    }, 15_000, 20);
    expect(retrying).toMatchObject({ error: 'source down', dedupe_key: failsOnce.recurrence!.key });
    await scheduleRecurring(handle.db, failsOnce, clock.now(), { payload }); // a process starting meanwhile
    expect(await jobsOf(failsOnce)).toHaveLength(1);

    expect(await ended(job!.id)).toMatchObject({ status: 'done', attempts: 2 });
    await expectOneNextRun(failsOnce, HOUR, payload);
  });

  test('a run out of attempts fails, and the schedule goes on: the next run is booked at clock + interval', async () => {
    const payload = { steps: [{ fail: 'broken' }] satisfies Step[] };
    const run = await firstRun(failsForGood, payload);
    expect(run).toMatchObject({ status: 'failed', error: 'broken', dedupe_key: null });
    await expectOneNextRun(failsForGood, HOUR, payload);

    // A process starting meanwhile adds nothing.
    await scheduleRecurring(handle.db, failsForGood, clock.now(), { payload });
    expect(await pending(failsForGood)).toHaveLength(1);
  });

  test('runs in a row across two runners keep exactly one pending run', async () => {
    const payload = { steps: [] satisfies Step[] };
    await firstRun(shared, payload);
    for (let round = 0; round < 3; round++) {
      const [next] = await pending(shared);
      await handle.db.updateTable('jobs').set({ run_at: clock.now() }).where('id', '=', next!.id).execute();
      await ended(next!.id);
      expect(await pending(shared)).toHaveLength(1);
    }
    expect(await jobsOf(shared)).toHaveLength(5);
  });
});

describe('scheduleRecurring', () => {
  const quiet = recurring('unserved', HOUR);

  test('brings a queued run forward only when asked', async () => {
    const later = new Date(clock.now().getTime() + 2 * HOUR);
    const sooner = new Date(clock.now().getTime() + HOUR);
    await scheduleRecurring(handle.db, quiet, later);
    await scheduleRecurring(handle.db, quiet, sooner);
    expect((await pending(quiet)).map((job) => job.run_at.getTime())).toEqual([later.getTime()]);
    await scheduleRecurring(handle.db, quiet, sooner, { bringForward: true });
    expect((await pending(quiet)).map((job) => job.run_at.getTime())).toEqual([sooner.getTime()]);
  });

  test('refuses a kind without a recurrence', async () => {
    const plain = jobKind({ kind: 'test.not-recurring', workerFile: scriptedFile, concurrency: 1, leaseSeconds: 5, maxAttempts: 1 });
    await expect(scheduleRecurring(handle.db, plain, clock.now())).rejects.toThrow('not recurring');
  });
});
