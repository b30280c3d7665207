import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';
import { importClient } from './support/import-client.ts';
import { longPdf } from './support/hostile-books.ts';
import { getJob, type Job } from '../../src/platform/queue/index.ts';
import { WORKER_LOST } from '../../src/features/imports/orphans.ts';
import type { ImportTask } from '../../src/features/imports/model.ts';

/**
 * Finding 5 (the task): cancelling a running import answered `running`, the worker ignored it and
 * the task stayed `running` forever (after a restart too, when a re-run answered 409), its copy
 * left in the system temp folder. Now a cancel ends the task at once, the parse stops within a
 * second, its copy (under DATA_DIR) goes, and a task whose worker was lost can be run again.
 */
let app: ImportTestApp;
let client: ReturnType<typeof importClient>;

beforeAll(async () => {
  app = await startImportApp();
  client = importClient(app, await loginAs(app, 'cancel-admin', { role: 'admin' }));
});
afterAll(() => app.close());

const jobOf = async (db: TestApp['platform']['db'], taskId: string) => (await db.selectFrom('import_tasks').select('job_id').where('id', '=', taskId).executeTakeFirstOrThrow()).job_id!;

async function jobEnded(db: TestApp['platform']['db'], id: string): Promise<Job> {
  for (const end = Date.now() + 15_000; ; await Bun.sleep(50)) {
    const job = await getJob(db, id);
    if (job && job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > end) throw new Error(`job still ${job?.status}`);
  }
}

describe('cancelling a running import', () => {
  test('ends it cancelled at once; the worker stops without another write; its copy, under DATA_DIR, is gone', async () => {
    const inTmpBefore = new Set(readdirSync(tmpdir()));
    const id = await client.upload('long.pdf', longPdf(3000));
    await client.waitFor(id, (t) => t.status === 'running' && t.progress > 0);

    const scratch = join(app.platform.config.dataDir, 'tmp', 'imports', id);
    expect(existsSync(join(scratch, 'book.pdf'))).toBe(true);
    const copiesInTmp = readdirSync(tmpdir()).filter((name) => !inTmpBefore.has(name) && existsSync(join(tmpdir(), name, 'book.pdf')));
    expect(copiesInTmp).toEqual([]);

    const res = await client.post(`/api/admin/import-tasks/${id}/cancel`);
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as ImportTask;
    expect(cancelled).toMatchObject({ status: 'cancelled', error: 'Cancelled by an admin' });

    const job = await jobEnded(app.platform.db, await jobOf(app.platform.db, id));
    expect(job.status).toBe('cancelled');
    expect(existsSync(scratch)).toBe(false);
    // Nothing the worker did after the cancel reached the task.
    expect(await client.task(id)).toMatchObject({ status: 'cancelled', progress: cancelled.progress });
    expect(await app.platform.objects.list('imports/')).toEqual([]);
  });
});

describe('a task whose worker was lost', () => {
  test('left running by a restart on its last attempt: it becomes failed, and a re-run works', async () => {
    const novel = new Uint8Array(readFileSync(new URL('../fixtures/imports/novel-epub3.epub', import.meta.url).pathname));
    const id = await client.upload('novel-epub3.epub', novel, { review: '1' });
    expect(await client.waitFor(id)).toMatchObject({ status: 'review' });
    // As a process that died mid-parse leaves them: the task running, its job running under a lease nobody renews.
    const db = app.platform.db;
    const jobId = await jobOf(db, id);
    await db.updateTable('import_tasks').set({ status: 'running' }).where('id', '=', id).execute();
    await db.updateTable('jobs').set({ status: 'running', attempts: 3, max_attempts: 3, locked_by: 'gone-host:1#3.abcdef', lease_until: sql<Date>`now() - interval '1 minute'` }).where('id', '=', jobId).execute();

    expect(await client.waitFor(id, (t) => t.status !== 'running')).toMatchObject({ status: 'failed', error: WORKER_LOST });
    const rerun = await client.post(`/api/admin/import-tasks/${id}/rerun`, { rule: 'spine' });
    expect(rerun.status).toBe(202);
    expect(await client.waitFor(id)).toMatchObject({ status: 'review', rule: 'spine' });
  });

  test('running under a lease that ran out, with no worker up to take it back: a re-run starts it over', async () => {
    const bare = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } }); // no job runner
    try {
      const admin = importClient(bare as ImportTestApp, await loginAs(bare, 'bare-admin', { role: 'admin' }));
      const id = await admin.upload('novel-epub3.epub', new Uint8Array(readFileSync(new URL('../fixtures/imports/novel-epub3.epub', import.meta.url).pathname)));
      const db = bare.platform.db;
      const stale = await jobOf(db, id);
      await db.updateTable('import_tasks').set({ status: 'running' }).where('id', '=', id).execute();
      await db.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'gone-host:1#1.abcdef', lease_until: sql<Date>`now() - interval '1 minute'` }).where('id', '=', stale).execute();

      const rerun = await admin.post(`/api/admin/import-tasks/${id}/rerun`, { rule: 'auto' });
      expect(rerun.status).toBe(202);
      expect(((await rerun.json()) as ImportTask).status).toBe('pending');
      expect(await jobOf(db, id)).not.toBe(stale);
      expect((await getJob(db, stale))!.cancel_requested).toBe(true);
    } finally {
      await bare.close();
    }
  });

  test('a task whose job is alive is not started twice', async () => {
    const id = await client.upload('long.pdf', longPdf(3000));
    await client.waitFor(id, (t) => t.status === 'running');
    expect((await client.post(`/api/admin/import-tasks/${id}/rerun`, { rule: 'pages' })).status).toBe(409);
    await client.post(`/api/admin/import-tasks/${id}/cancel`);
    await jobEnded(app.platform.db, await jobOf(app.platform.db, id));
  });
});
