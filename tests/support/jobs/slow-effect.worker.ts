import { sql } from 'kysely';
import { defineJob } from '../../../src/platform/queue/runtime.ts';

/**
 * For the kill test: step 1, report progress 0.5 (the test's cue to SIGKILL the process), sleep,
 * then record the effect. The effect table has no unique key on purpose, so a double run would
 * show up as two rows; ctx.finish writes it in the transaction that completes the job, fenced on
 * the owner token, so only the attempt that holds the lease can write it.
 */
const SLOW_EFFECT_SLEEP_MS = 1500;

export default defineJob<{ label: string }, { worker: string }>(async (_payload, ctx) => {
  await sql`create table if not exists test_job_effects (job_id uuid not null, worker text not null, at timestamptz not null default now())`.execute(ctx.db);
  ctx.progress(0.5, 'step 1 done');
  await new Promise((resolve) => setTimeout(resolve, SLOW_EFFECT_SLEEP_MS));
  ctx.signal.throwIfAborted();
  return ctx.finish(async (trx) => {
    await sql`insert into test_job_effects (job_id, worker) values (${ctx.jobId}, ${ctx.owner})`.execute(trx);
    return { worker: ctx.owner };
  });
});
