import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type DatabaseHandle } from '../../src/platform/db/index.ts';
import { enqueue, getJob } from '../../src/platform/queue/index.ts';
import { pruneJobsKind } from '../../src/features/maintenance/kinds.ts';
import { databaseUrl, withAdmin } from '../support/db.ts';
import { freePort, spawnApp, type AppProcess } from '../support/processes.ts';
import { withRealServers } from '../support/servers.ts';
import { until } from '../support/until.ts';

/**
 * ROLE=web and ROLE=worker as separate processes of `bun src/main.ts` on one (empty, so both
 * migrate at once) PostgreSQL database: the web process serves and never runs jobs, the worker
 * runs jobs and never listens. PostgreSQL is required: the embedded database serves one process.
 */
const name = `chapterhouse_roles_${randomBytes(4).toString('hex')}`;
const url = databaseUrl(name);
const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-roles-'));
const env = { DATABASE_URL: url, DATA_DIR: dataDir, AUTH_SECRET: 'roles-test-secret-that-is-long-enough-000' };
let web: AppProcess;
let worker: AppProcess;
let webPort: number;
let workerPort: number;
let db: DatabaseHandle;

beforeAll(async () => {
  if (!withRealServers) return;
  await withAdmin((c) => c.query(`create database "${name}"`));
  [webPort, workerPort] = [await freePort(), await freePort()];
  web = spawnApp({ ...env, ROLE: 'web', PORT: String(webPort) });
  worker = spawnApp({ ...env, ROLE: 'worker', PORT: String(workerPort) });
  await Promise.all([web.announced, worker.announced]);
  db = openPostgres(url, 2);
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([web?.stop(), worker?.stop()]);
  await db?.close();
  if (withRealServers) await withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);


// PostgreSQL's server shared by two processes: only with `npm run test:real` (CI runs both).
describe.if(withRealServers)('separate web and worker processes', () => {
  test('both start on an empty database, migrating it together', async () => {
    expect(await web.announced).toBe(`Chapterhouse is ready at http://localhost:${webPort}`);
    expect(await worker.announced).toBe('Chapterhouse worker is running');
    const migrations = await db.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(migrations.length).toBeGreaterThanOrEqual(6);
  });

  test('the web process serves the demo catalogue; the worker does not listen', async () => {
    const ready = await fetch(`http://127.0.0.1:${webPort}/readyz`);
    expect(ready.status).toBe(200);
    const home = await (await fetch(`http://127.0.0.1:${webPort}/`)).text();
    expect(home).toContain('Salvage Rights');
    const refused = await fetch(`http://127.0.0.1:${workerPort}/healthz`).then(() => 'answered', () => 'refused');
    expect(refused).toBe('refused');
  });

  test('a job enqueued through the shared database is run by the worker process', async () => {
    const job = await enqueue(db.db, { kind: pruneJobsKind.kind, maxAttempts: 1 });
    const done = await until(async () => {
      const row = await getJob(db.db, job.id);
      return row?.status === 'done' ? row : undefined;
    });
    expect(done.locked_by).toContain(`:${worker.child.pid}#`);
  });

  test('a web process never claims jobs', async () => {
    await worker.stop();
    const job = await enqueue(db.db, { kind: pruneJobsKind.kind, maxAttempts: 1 });
    await Bun.sleep(2500);
    expect((await getJob(db.db, job.id))?.status).toBe('queued');
  });
});
