import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { silentLogger } from '../../src/platform/log.ts';
import {
  cancel, claim, complete, enqueue, enqueueKind, fail, getJob, heartbeat, jobChannel, progress, startJobRunner,
  type Job, type JobEvent, type JobKindSpec, type JobRunner,
} from '../../src/platform/queue/index.ts';
import { pair, scripted } from '../support/jobs/kinds.ts';
import type { ScriptedResult, Step } from '../support/jobs/scripted.worker.ts';

let handle: TestDatabase;
let cache: Cache;
let runner: JobRunner;
// Kinds no runner serves: these tests drive the leases by hand, each test its own kind.
const manual = (name: string) => `test.manual.${name}`;
// Explicit: without `--timeout` (package.json passes one) bun gives hooks only 5 s.
const HOOK_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  handle = await createTestDatabase();
  cache = createMemoryCache();
  runner = startJobRunner({
    database: handle, databaseUrl: handle.url, cache, log: silentLogger, kinds: [scripted, pair],
    pollIntervalMs: 50, backoffBaseMs: 100, progressIntervalMs: 50, abortGraceMs: 1000, stopTimeoutMs: 3000,
  });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await runner?.stop();
  await cache?.close();
  await handle?.close();
}, HOOK_TIMEOUT_MS);

const run = (kind: JobKindSpec, steps: Step[], options: { runAt?: Date } = {}) => enqueueKind(handle.db, kind, { steps }, options);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(id: string, ok: (job: Job) => boolean, timeoutMs = 10_000): Promise<Job> {
  for (const until = Date.now() + timeoutMs; ; await sleep(20)) {
    const job = await getJob(handle.db, id);
    if (job && ok(job)) return job;
    if (Date.now() > until) throw new Error(`job ${id} stuck: ${JSON.stringify(job)}`);
  }
}
const settled = (id: string, timeoutMs?: number) => waitFor(id, (j) => ['done', 'failed', 'cancelled'].includes(j.status), timeoutMs);
const runningAt = (id: string, fraction: number) => waitFor(id, (j) => j.status === 'running' && j.progress >= fraction);

describe(`job queue (${process.env.TEST_BACKENDS === 'real' ? 'PostgreSQL' : 'PGlite'})`, () => {
  test('enqueue, claim and complete', async () => {
    const kind = manual('basic');
    const queued = await enqueue(handle.db, { kind, payload: { a: 1 } });
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, payload: { a: 1 } });
    const [job, ...more] = await claim(handle.db, { kinds: [kind], workerId: 'w1', leaseSeconds: 30, limit: 10 });
    expect(more).toEqual([]);
    expect(job).toMatchObject({ id: queued.id, status: 'running', attempts: 1 });
    expect(job!.locked_by).toStartWith('w1#1.');
    expect(job!.lease_until!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await claim(handle.db, { kinds: [kind], workerId: 'w2', leaseSeconds: 30, limit: 10 })).toEqual([]);
    const done = await complete(handle.db, job!.id, job!.locked_by!, { ok: true });
    expect(done).toMatchObject({ status: 'done', result: { ok: true }, progress: 1 });
    expect(done!.finished_at).toBeInstanceOf(Date);
    expect(await complete(handle.db, job!.id, job!.locked_by!, { again: true })).toBeUndefined();
  });

  test('the runner runs a job in a worker thread and stores its result', async () => {
    const job = await settled((await run(scripted, [])).id);
    expect(job).toMatchObject({ status: 'done', attempts: 1, result: { attempt: 1 } });
  });

  test('dedupeKey returns the queued or running job instead of a copy, even racing', async () => {
    const kind = manual('dedupe');
    const input = { kind, dedupeKey: 'chapter-7' };
    const jobs = await Promise.all(Array.from({ length: 5 }, () => enqueue(handle.db, input)));
    expect(new Set(jobs.map((j) => j.id)).size).toBe(1);
    const [claimed] = await claim(handle.db, { kinds: [kind], workerId: 'w', leaseSeconds: 30, limit: 1 });
    expect(claimed!.id).toBe(jobs[0]!.id);
    expect((await enqueue(handle.db, input)).id).toBe(claimed!.id); // still running: same job
    expect((await enqueue(handle.db, { ...input, dedupeKey: 'chapter-8' })).id).not.toBe(claimed!.id);
    await complete(handle.db, claimed!.id, claimed!.locked_by!, null);
    expect((await enqueue(handle.db, input)).id).not.toBe(claimed!.id); // finished: a new one
  });

  test('a failing attempt is retried after a backoff and succeeds later', async () => {
    const enqueuedAt = Date.now();
    const job = await settled((await run(scripted, [{ on: [1], fail: 'flaky network' }])).id);
    expect(job).toMatchObject({ status: 'done', attempts: 2, error: 'flaky network' });
    const result = job.result as ScriptedResult;
    expect(result.attempt).toBe(2);
    expect(result.start - enqueuedAt).toBeGreaterThanOrEqual(100); // 100 ms · 2¹ jittered to 50–100 %
  });

  test('PermanentJobError fails the job at once with its message', async () => {
    const job = await settled((await run(scripted, [{ permanent: 'no such chapter' }])).id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, error: 'no such chapter' });
    expect(job.finished_at).toBeInstanceOf(Date);
  });

  test('a job failing every attempt ends failed after max_attempts', async () => {
    const job = await settled((await run(scripted, [{ fail: 'always broken' }])).id);
    expect(job).toMatchObject({ status: 'failed', attempts: scripted.maxAttempts, error: 'always broken' });
  });

  test('cancelling a queued job cancels it at once', async () => {
    const queued = await run(scripted, [], { runAt: new Date(Date.now() + 60_000) });
    expect(await cancel(handle.db, queued.id)).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(await claim(handle.db, { kinds: [scripted.kind], workerId: 'x', leaseSeconds: 1, limit: 5 })).toEqual([]);
  });

  test('cancelling a running job aborts its signal and ends it cancelled', async () => {
    const { id } = await run(scripted, [{ progress: 0.1 }, { sleep: 20_000 }]);
    await runningAt(id, 0.1);
    const started = Date.now();
    expect(await cancel(handle.db, id)).toMatchObject({ status: 'running', cancel_requested: true });
    expect(await settled(id)).toMatchObject({ status: 'cancelled', attempts: 1 });
    expect(Date.now() - started).toBeLessThan(2000); // a heartbeat (lease/3 = 0.5 s), not the 20 s sleep
  });

  test('a body ignoring the abort is terminated after the grace period', async () => {
    const { id } = await run(scripted, [{ progress: 0.1 }, { busy: 6000 }]);
    await runningAt(id, 0.1);
    const started = Date.now();
    await cancel(handle.db, id);
    expect(await settled(id)).toMatchObject({ status: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await settled((await run(scripted, [])).id)).status).toBe('done'); // a fresh thread took its slot
  });

  test('per-kind concurrency: never more than 2 of 5 jobs at once', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => run(pair, [{ sleep: 250 }]).then((j) => j.id)));
    const results = await Promise.all(ids.map(async (id) => (await settled(id)).result as ScriptedResult));
    const overlap = (t: number) => results.filter((r) => r.start <= t && t < r.end).length;
    const peak = Math.max(...results.map((r) => overlap(r.start)));
    expect(peak).toBe(2);
  });

  test('a stale owner can neither complete, fail nor report progress', async () => {
    const kind = manual('fence');
    const { id } = await enqueue(handle.db, { kind });
    const [first] = await claim(handle.db, { kinds: [kind], workerId: 'w1', leaseSeconds: 0.2, limit: 1 });
    await sleep(400);
    const [second] = await claim(handle.db, { kinds: [kind], workerId: 'w1', leaseSeconds: 30, limit: 1 });
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(second!.locked_by).not.toBe(first!.locked_by); // same worker id, new owner token
    const stale = first!.locked_by!;
    expect(await heartbeat(handle.db, id, stale, 30)).toBe('lost');
    expect(await progress(handle.db, id, stale, 0.9)).toBe(false);
    expect(await complete(handle.db, id, stale, 'stale')).toBeUndefined();
    expect(await fail(handle.db, id, stale, 'stale', { retryable: false })).toBeUndefined();
    expect(await heartbeat(handle.db, id, second!.locked_by!, 30)).toBe('ok');
    expect(await complete(handle.db, id, second!.locked_by!, 'fresh')).toMatchObject({ status: 'done', result: 'fresh' });
  });

  test('progress is written to the row and published on job:<id>', async () => {
    const { id } = await run(scripted, [{ sleep: 200 }, { progress: 0.5, message: 'half way' }, { sleep: 500 }]);
    const events: JobEvent[] = [];
    await cache.subscribe(jobChannel(id), (m) => events.push(JSON.parse(m)));
    expect((await runningAt(id, 0.5)).progress).toBeCloseTo(0.5);
    await settled(id);
    await sleep(20);
    expect(events[0]).toMatchObject({ id, status: 'running', progress: 0.5, message: 'half way' });
    expect(events.at(-1)).toMatchObject({ id, status: 'done', progress: 1 });
  });

  for (const crash of ['exit', 'throw'] as const) {
    test(`a worker thread that dies mid-job (${crash}) is replaced and the job retried`, async () => {
      const job = await settled((await run(scripted, [{ on: [1], crash }])).id);
      expect(job).toMatchObject({ status: 'done', attempts: 2, result: { attempt: 2 } });
      expect(job.error).toBe(crash === 'exit' ? 'worker crashed: worker exited with code 7' : 'worker crashed: uncaught in worker');
    });
  }

  test("a dying worker's open transaction is rolled back; ctx.finish commits effect and completion together", async () => {
    const { id } = await run(scripted, [{ on: [1], crashInTransaction: 'lost' }, { finishWithNote: 'kept' }]);
    expect(await settled(id)).toMatchObject({ status: 'done', attempts: 2, result: { attempt: 2 } });
    const notes = await sql<{ attempt: number; note: string }>`select attempt, note from test_queue_notes where job_id = ${id}`.execute(handle.db);
    expect(notes.rows).toEqual([{ attempt: 2, note: 'kept' }]);
  });

  test('a CPU-heavy job never blocks the main event loop', async () => {
    const { id } = await run(scripted, [{ progress: 0.1 }, { busy: 1000 }]);
    await runningAt(id, 0.1);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t = performance.now();
      await sleep(50);
      delays.push(performance.now() - t);
    }
    const measuredUntil = Date.now();
    const result = (await settled(id)).result as ScriptedResult;
    expect(result.end).toBeGreaterThan(measuredUntil); // we measured while the busy loop ran
    expect(Math.max(...delays)).toBeLessThan(150);
  });

  test('stop() aborts running bodies and puts their jobs back in the queue', async () => {
    const { id } = await run(scripted, [{ progress: 0.1 }, { sleep: 20_000 }]);
    await runningAt(id, 0.1);
    const started = Date.now();
    await runner.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await getJob(handle.db, id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
  });
});
