import { AppError } from '../../../platform/http/errors.ts';
import { LeaseLostError, PermanentJobError, type JobBody } from '../../../platform/queue/index.ts';
import type { AiClient } from '../../../integrations/ai/index.ts';
import { usageRecorder } from '../usage.ts';
import * as jobs from '../jobs/queries.ts';
import { nameChapters } from './generate.ts';
import type { ChapterNamesPayload } from './model.ts';
import type { ChapterNamesJobPayload } from './service.ts';
import * as q from './queries.ts';
import { jsonColumn } from '../../../platform/db/json.ts';

export interface AiJobDeps {
  /** The AI client (throws when none is configured). */
  ai: () => AiClient;
  now?: () => Date;
}

type State = ChapterNamesPayload & { last?: number; model?: string };

/**
 * The `ai.chapter-names` job: names the chapters batch by batch, writing each batch's proposals
 * to the `ai_jobs` row. A retried job (its process died) goes on after the last stored batch; an
 * admin's cancel is seen between batches and keeps what was named.
 */
export function createChapterNamesJob(deps: AiJobDeps): JobBody<ChapterNamesJobPayload, { status: string }> {
  const now = deps.now ?? (() => new Date());
  return async ({ aiJobId }, ctx) => {
    const row = await jobs.jobById(ctx.db, aiJobId);
    if (!row || (row.status !== 'pending' && row.status !== 'running')) return { status: row?.status ?? 'missing' };
    const state = jsonColumn<State>(row.payload, {} as State);
    const book = await q.bookForNaming(ctx.db, state.slug);
    if (!book) {
      await jobs.updateJob(ctx.db, row.id, { status: 'failed', finished: true, error: 'The book is gone' }, ['pending', 'running']);
      return { status: 'failed' };
    }
    await jobs.updateJob(ctx.db, row.id, { status: 'running', started: true }, ['pending', 'running']);
    const usage = usageRecorder(ctx.db, ctx.log, 'chapter-names', now, row.id);
    try {
      const client = deps.ai();
      const run = { db: ctx.db, client, call: { signal: ctx.signal, model: state.model, onUsage: usage.onUsage }, book, to: state.to };
      for await (const batch of nameChapters(run, state.last ?? state.from - 1, state.batches + 1)) {
        state.proposals.push(...batch.proposals);
        state.batches = batch.batch;
        state.last = batch.last;
        const named = await q.countChapters(ctx.db, state.slug, state.from, Math.min(batch.last, state.to ?? batch.last));
        const fraction = Math.min(1, named / Math.max(1, state.total));
        const kept = await jobs.updateJob(ctx.db, row.id, { payload: state, progress: fraction }, ['running']);
        ctx.progress(fraction, `batch ${batch.batch}`);
        if (!kept) {
          await jobs.updateJob(ctx.db, row.id, { payload: state }, ['cancelled']);
          usage.finish('cancelled');
          return { status: 'cancelled' };
        }
      }
      await jobs.updateJob(ctx.db, row.id, { status: 'done', progress: 1, finished: true }, ['running']);
      usage.finish('done');
      return { status: 'done' };
    } catch (error) {
      if (error instanceof LeaseLostError || ctx.signal.aborted) throw error;
      // The AI client has retried what may pass; a process crash retries the whole job instead.
      if (!(error instanceof AppError || error instanceof PermanentJobError) && ctx.attempt < ctx.maxAttempts) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await jobs.updateJob(ctx.db, row.id, { status: 'failed', finished: true, error: message, payload: state }, ['running']);
      usage.finish('failed');
      throw new PermanentJobError(message);
    }
  };
}
