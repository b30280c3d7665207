import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'kysely';
import type { Subprocess } from 'bun';
import { createPostgresTestDatabase, type TestDatabase } from '../support/db.ts';
import { enqueueKind, getJob, type Job } from '../../src/platform/queue/index.ts';
import { slowEffect } from '../support/jobs/kinds.ts';
import { withRealServers } from '../support/servers.ts';

/**
 * Kill a runner process mid-job: another process must take the job over once the lease expires,
 * and the job's effect must happen exactly once. Always PostgreSQL: PGlite cannot be shared
 * between processes.
 */
let database: TestDatabase & { url: string };
const processes: Subprocess[] = [];
const script = new URL('../support/worker-process.ts', import.meta.url).pathname;
// Explicit: without `--timeout` (package.json passes one) bun gives hooks only 5 s.
const HOOK_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  if (!withRealServers) return;
  database = await createPostgresTestDatabase();
  // Created here rather than by the first attempt, so the job's own DDL never races.
  await sql`create table test_job_effects (job_id uuid not null, worker text not null, at timestamptz not null default now())`.execute(database.db);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  // SIGTERM is the runner's graceful stop; SIGKILL if it does not exit in time.
  for (const child of processes) child.kill('SIGTERM');
  const timer = setTimeout(() => processes.forEach((child) => child.kill('SIGKILL')), 5000);
  await Promise.all(processes.map((child) => child.exited));
  clearTimeout(timer);
  await database?.close();
}, HOOK_TIMEOUT_MS);

async function startWorkerProcess(workerId: string): Promise<Subprocess<'ignore', 'pipe', 'inherit'>> {
  const child = Bun.spawn([process.execPath, script], {
    env: { ...process.env, DATABASE_URL: database.url, WORKER_ID: workerId },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  processes.push(child);
  const reader = child.stdout.getReader();
  const { value } = await reader.read(); // `ready` once the runner polls
  reader.releaseLock();
  expect(new TextDecoder().decode(value)).toContain('ready');
  return child;
}

async function waitFor(id: string, ok: (job: Job) => boolean, timeoutMs: number): Promise<Job> {
  for (const until = Date.now() + timeoutMs; ; await Bun.sleep(25)) {
    const job = await getJob(database.db, id);
    if (job && ok(job)) return job;
    if (Date.now() > until) throw new Error(`job ${id} stuck: ${JSON.stringify(job)}`);
  }
}

test.if(withRealServers)('a job whose worker process is killed mid-job completes exactly once in another process', async () => {
  const a = await startWorkerProcess('process-a');
  const { id } = await enqueueKind(database.db, slowEffect, { label: 'kill me' });

  const midJob = await waitFor(id, (j) => j.status === 'running' && j.progress >= 0.5, 10_000);
  expect(midJob.locked_by).toStartWith('process-a#1.');
  a.kill('SIGKILL');
  await a.exited;

  const killedAt = Date.now();
  await startWorkerProcess('process-b');
  const done = await waitFor(id, (j) => j.status !== 'running' && j.status !== 'queued', 15_000);
  expect(done).toMatchObject({ status: 'done', attempts: 2 });
  expect(done.locked_by).toStartWith('process-b#2.');
  expect(done.finished_at).toBeInstanceOf(Date);
  // B could only take over after A's 2 s lease ran out.
  expect(Date.now() - killedAt).toBeGreaterThan(1000);

  // Long enough for any second run to have shown itself (another lease period and a full body).
  await Bun.sleep(slowEffect.leaseSeconds * 1000 + 500);
  const effects = await sql<{ worker: string }>`select worker from test_job_effects where job_id = ${id}`.execute(database.db);
  expect(effects.rows).toEqual([{ worker: done.locked_by! }]);
  const after = await getJob(database.db, id);
  expect(after).toMatchObject({ status: 'done', attempts: 2, locked_by: done.locked_by });
  expect(after!.finished_at).toEqual(done.finished_at);
}, 40_000);
