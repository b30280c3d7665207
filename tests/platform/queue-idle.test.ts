import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { enqueueKind, getJob, startJobRunner, type JobRunner } from '../../src/platform/queue/index.ts';
import { pair } from '../support/jobs/kinds.ts';
import type { ScriptedResult } from '../support/jobs/scripted.worker.ts';

let handle: TestDatabase;
let runner: JobRunner;
beforeAll(async () => {
  handle = await createTestDatabase();
  runner = startJobRunner({ database: handle, databaseUrl: handle.url, log: silentLogger, kinds: [pair], pollIntervalMs: 50, idleThreadMs: 300 });
}, 30_000);
afterAll(async () => {
  await runner?.stop();
  await handle?.close();
}, 30_000);

async function run(): Promise<ScriptedResult> {
  const job = await enqueueKind(handle.db, pair, { steps: [] });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const row = await getJob(handle.db, job.id);
    if (row?.status === 'done') return row.result as ScriptedResult;
    await Bun.sleep(20);
  }
  throw new Error('job did not finish');
}

test('a worker thread is reused while busy and closed after sitting idle', async () => {
  const first = await run();
  const second = await run();
  expect(second.thread).toBe(first.thread);
  await Bun.sleep(700);
  const third = await run();
  expect(third.thread).not.toBe(first.thread);
});
