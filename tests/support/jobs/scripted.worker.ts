import { threadId } from 'node:worker_threads';
import { sql } from 'kysely';
import { defineJob, PermanentJobError } from '../../../src/platform/queue/runtime.ts';

/**
 * A test job driven by its payload: a list of steps run in order. A step with `on` only runs on
 * those attempts. The result tells the test when the body ran and on which attempt.
 */
export interface Step {
  on?: number[];
  sleep?: number;
  /** Busy-loop the thread for this many ms (a CPU-heavy job). */
  busy?: number;
  progress?: number;
  message?: string;
  fail?: string;
  permanent?: string;
  /** Kill the thread: process.exit, or an error thrown outside the job's promise. */
  crash?: 'exit' | 'throw';
  /** Insert a note in a transaction, then crash before committing it. */
  crashInTransaction?: string;
  /** Insert a note and complete the job in one transaction (ctx.finish). */
  finishWithNote?: string;
}

export interface ScriptedResult {
  attempt: number;
  start: number;
  end: number;
  /** Which worker thread ran the body (slots are reused, and retired when idle). */
  thread: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

const never = () => new Promise<never>(() => {});

export default defineJob<{ steps: Step[] }, ScriptedResult>(async ({ steps }, ctx) => {
  const start = Date.now();
  const notes = sql`create table if not exists test_queue_notes (job_id uuid, attempt int, note text)`;
  for (const step of steps) {
    if (step.on && !step.on.includes(ctx.attempt)) continue;
    ctx.signal.throwIfAborted();
    if (step.sleep) await sleep(step.sleep, ctx.signal);
    if (step.busy) for (const until = Date.now() + step.busy; Date.now() < until; );
    if (step.progress !== undefined) ctx.progress(step.progress, step.message);
    if (step.fail) throw new Error(step.fail);
    if (step.permanent) throw new PermanentJobError(step.permanent);
    if (step.crash === 'exit') process.exit(7);
    if (step.crash === 'throw') {
      setTimeout(() => {
        throw new Error('uncaught in worker');
      }, 0);
      await never();
    }
    if (step.crashInTransaction) {
      await notes.execute(ctx.db);
      await ctx.db.transaction().execute(async (trx) => {
        await sql`insert into test_queue_notes values (${ctx.jobId}, ${ctx.attempt}, ${step.crashInTransaction})`.execute(trx);
        process.exit(9);
      });
    }
    if (step.finishWithNote) {
      await notes.execute(ctx.db);
      const note = step.finishWithNote;
      return ctx.finish(async (trx) => {
        await sql`insert into test_queue_notes values (${ctx.jobId}, ${ctx.attempt}, ${note})`.execute(trx);
        return { attempt: ctx.attempt, start, end: Date.now(), thread: threadId };
      });
    }
  }
  return { attempt: ctx.attempt, start, end: Date.now(), thread: threadId };
});
