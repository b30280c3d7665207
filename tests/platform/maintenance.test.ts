import { afterAll, beforeAll, expect, test } from 'bun:test';
import { randomUUID } from 'node:crypto';
import { rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { createFsTestStore } from '../support/objects.ts';
import { testMaintenanceKind } from '../support/jobs/maintenance.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { enqueue, startJobRunner, type JobRunner } from '../../src/platform/queue/index.ts';
import { pruneJobsKind } from '../../src/features/maintenance/kinds.ts';
import { PRUNE_SCHEDULE_KEY, schedulePruning } from '../../src/features/maintenance/service.ts';
import { partKey } from '../../src/features/audio/keys.ts';
import { until } from '../support/until.ts';

let handle: TestDatabase;
let runner: JobRunner;
// The files store whatever the backends: only there can a test age an object (its file's mtime).
let store: Awaited<ReturnType<typeof createFsTestStore>>;
let maintenance: ReturnType<typeof testMaintenanceKind>;
beforeAll(async () => {
  [handle, store] = await Promise.all([createTestDatabase(), createFsTestStore()]);
  maintenance = testMaintenanceKind({ kind: 'fs', root: store.root });
}, 30_000);
afterAll(async () => {
  await runner?.stop();
  await handle?.close();
  await store?.cleanup();
  if (maintenance) rmSync(maintenance.dir, { recursive: true, force: true });
}, 30_000);


test('the daily maintenance job deletes old finished jobs and idle leftover audio pieces, and schedules tomorrow once', async () => {
  const db = handle.db;
  const old = await enqueue(db, { kind: 'demo.old' });
  const recent = await enqueue(db, { kind: 'demo.recent' });
  const waiting = await enqueue(db, { kind: 'demo.waiting' });
  await db.updateTable('jobs').set({ status: 'done', finished_at: sql<Date>`now() - interval '30 days'` }).where('id', '=', old.id).execute();
  await db.updateTable('jobs').set({ status: 'failed', finished_at: sql<Date>`now() - interval '1 day'` }).where('id', '=', recent.id).execute();

  // Pieces of the failed job written two hours ago go; those of the queued job and fresh ones stay.
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  const leftovers = [partKey(recent.id, 0, 'mp3'), partKey(recent.id, 1, 'mp3')];
  const kept = [partKey(waiting.id, 0, 'mp3'), partKey(randomUUID(), 0, 'wav')];
  for (const key of [...leftovers, ...kept]) await store.store.put(key, 'piece');
  for (const key of [...leftovers, kept[0]!]) utimesSync(join(store.root, 'blobs', key), twoHoursAgo, twoHoursAgo);

  // An import cancelled a month ago whose upload a store outage kept: it goes too (features/imports/prune.ts).
  const cancelledImport = await db
    .insertInto('import_tasks')
    .values({ file_name: 'old.epub', object_key: `imports/${randomUUID()}/upload`, format: 'epub', status: 'cancelled', finished_at: sql<Date>`now() - interval '30 days'` })
    .returning(['id', 'object_key'])
    .executeTakeFirstOrThrow();
  await store.store.put(cancelledImport.object_key!, 'upload');

  await schedulePruning(db);
  await schedulePruning(db); // a second process starting: no duplicate
  const scheduled = await db.selectFrom('jobs').select('id').where('kind', '=', pruneJobsKind.kind).execute();
  expect(scheduled).toHaveLength(1);

  runner = startJobRunner({ database: handle, databaseUrl: handle.url, log: silentLogger, kinds: [maintenance.kind], pollIntervalMs: 50 });
  const first = await until(async () => {
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', scheduled[0]!.id).executeTakeFirst();
    return row?.status === 'done' ? row : undefined;
  });
  expect(first.result).toEqual({ deleted: 1, audioParts: { jobs: 1, objects: 2, more: false }, importFiles: { tasks: 1, more: false } });
  expect(await store.store.head(cancelledImport.object_key!)).toBeNull();
  for (const key of leftovers) expect(await store.store.head(key)).toBeNull();
  for (const key of kept) expect(await store.store.head(key)).not.toBeNull();

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

test('an unreachable object store skips the sweep, not the pruning or the schedule', async () => {
  await runner.stop();
  const broken = testMaintenanceKind({ kind: 'unreachable' });
  try {
    runner = startJobRunner({ database: handle, databaseUrl: handle.url, log: silentLogger, kinds: [broken.kind], pollIntervalMs: 50 });
    const db = handle.db;
    const old = await enqueue(db, { kind: 'demo.old-again' });
    await db.updateTable('jobs').set({ status: 'cancelled', finished_at: sql<Date>`now() - interval '30 days'` }).where('id', '=', old.id).execute();
    const today = await enqueue(db, { kind: pruneJobsKind.kind, maxAttempts: 1 });
    const row = await until(async () => {
      const job = await db.selectFrom('jobs').selectAll().where('id', '=', today.id).executeTakeFirst();
      return job && job.status !== 'queued' && job.status !== 'running' ? job : undefined;
    });
    expect(row).toMatchObject({ status: 'done', result: { deleted: 1, audioParts: null, importFiles: null } });
    const next = await db.selectFrom('jobs').select('dedupe_key').where('kind', '=', pruneJobsKind.kind).where('status', '=', 'queued').execute();
    expect(next).toEqual([{ dedupe_key: PRUNE_SCHEDULE_KEY }]);
  } finally {
    await runner.stop();
    rmSync(broken.dir, { recursive: true, force: true });
  }
});
