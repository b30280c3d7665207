/**
 * A separate job-runner process for queue-kill.test.ts: `bun tests/support/worker-process.ts` with
 * DATABASE_URL (PostgreSQL: PGlite cannot be shared between processes) and WORKER_ID.
 * Prints `ready` once the runner is polling; SIGTERM stops it gracefully.
 */
import { openPostgres } from '../../src/platform/db/index.ts';
import { createLogger } from '../../src/platform/log.ts';
import { startJobRunner } from '../../src/platform/queue/runner.ts';
import { slowEffect } from './jobs/kinds.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('worker-process: DATABASE_URL is required');
const workerId = process.env.WORKER_ID ?? `worker-process:${process.pid}`;

const database = openPostgres(url, 3);
const runner = startJobRunner({
  database,
  databaseUrl: url,
  log: createLogger('warn', { workerId }),
  kinds: [slowEffect],
  workerId,
  pollIntervalMs: 100,
});
console.log('ready');

process.on('SIGTERM', async () => {
  await runner.stop();
  await database.close();
  process.exit(0);
});
