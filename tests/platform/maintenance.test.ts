import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { enqueue, startJobRunner, type JobRunner } from '../../src/platform/queue/index.ts';
import { pruneJobsKind } from '../../src/features/maintenance/kinds.ts';
import { PRUNE_SCHEDULE_KEY, schedulePruning } from '../../src/features/maintenance/service.ts';

let handle: TestDatabase;
let runner: JobRunner;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 30_000);
afterAll(async () => {
  await runner?.stop();
  await handle?.close();
}, 30_000);

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await Bun.sleep(50);
  }
  throw new Error('timed out');
}

test('the daily pruning job deletes old finished jobs only and schedules tomorrow once', async () => {
  const db = handle.db;
  const old = await enqueue(db, { kind: 'demo.old' });
  const recent = await enqueue(db, { kind: 'demo.recent' });
  const waiting = await enqueue(db, { kind: 'demo.waiting' });
  await db.updateTable('jobs').set({ status: 'done', finished_at: sql<Date>`now() - interval '30 days'` }).where('id', '=', old.id).execute();
  await db.updateTable('jobs').set({ status: 'failed', finished_at: sql<Date>`now() - interval '1 day'` }).where('id', '=', recent.id).execute();

  await schedulePruning(db);
  await schedulePruning(db); // a second process starting: no duplicate
  const scheduled = await db.selectFrom('jobs').select('id').where('kind', '=', pruneJobsKind.kind).execute();
  expect(scheduled).toHaveLength(1);

  runner = startJobRunner({ database: handle, databaseUrl: handle.url, log: silentLogger, kinds: [pruneJobsKind], pollIntervalMs: 50 });
  const first = await waitFor(async () => {
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', scheduled[0]!.id).executeTakeFirst();
    return row?.status === 'done' ? row : undefined;
  });
  expect(first.result).toEqual({ deleted: 1 });

  const left = (await db.selectFrom('jobs').select('id').execute()).map((r) => r.id);
  expect(left).not.toContain(old.id);
  expect(left).toContain(recent.id);
  expect(left).toContain(waiting.id);

  const next = await db.selectFrom('jobs').selectAll().where('kind', '=', pruneJobsKind.kind).where('status', '=', 'queued').execute();
  expect(next).toHaveLength(1);
  expect(next[0]!.dedupe_key).toBe(PRUNE_SCHEDULE_KEY);
  const hoursAhead = (new Date(next[0]!.run_at).getTime() - Date.now()) / 3600_000;
  expect(hoursAhead).toBeGreaterThan(23);
  await schedulePruning(db); // a restart keeps tomorrow's run instead of adding another
  expect(await db.selectFrom('jobs').select('id').where('kind', '=', pruneJobsKind.kind).where('status', '=', 'queued').execute()).toHaveLength(1);
});
