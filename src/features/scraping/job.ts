import type { SourceBook, SourceClient } from '../../integrations/sources/index.ts';
import { SourceError } from '../../integrations/sources/index.ts';
import { LeaseLostError, PermanentJobError, type JobBody, type JobContext } from '../../platform/queue/index.ts';
import { scrapeBook, type BookRunDeps, type Selection } from './book-run.ts';
import { describeSourceError, TaskCancelled } from './errors.ts';
import { finishTask, markRunning, taskById, type ScrapeTaskRow } from './queries.ts';
import { Tally } from './tally.ts';
import { notifyTaskEnded } from './notify.ts';
import { runUpdateCheck } from './updates.ts';
import type { TaskDetail, TaskSummary } from './model.ts';
import type { SourceWatch } from './source-watch.ts';

/**
 * The body of a `scrape.book` job (jobs/scrape.book.worker.ts): runs one scrape task (a book, a
 * range, every scraped book, or the new-chapters check) and ends it done, failed or cancelled with
 * a notification. A worker killed half-way leaves the task running; the queue hands the job to
 * another worker, which resumes after the last chapter the task handled, without duplicates
 * (chapters are keyed by the source's own ids).
 */
export interface ScrapeJobPayload {
  taskId: string;
}

export interface ScrapeJobDeps {
  /** Built inside the worker thread (its own pacing and connections). */
  sources: () => SourceClient;
  storeCover?: (client: SourceClient, book: SourceBook, slug: string, signal: AbortSignal) => Promise<string | null>;
  hostLeaseSeconds?: number;
  hostPollMs?: number;
  /** What the client is waiting for (rate limit, retry, slow source), for the task's progress. */
  watch?: SourceWatch;
}

export function createScrapeJob(deps: ScrapeJobDeps): JobBody<ScrapeJobPayload, { status: string }> {
  return async (payload, ctx) => {
    const task = await taskById(ctx.db, payload.taskId);
    if (!task || (task.status !== 'pending' && task.status !== 'running')) return { status: task?.status ?? 'missing' };
    await markRunning(ctx.db, task.id);
    const previous = task.detail as Partial<TaskDetail> & { cursor?: number };
    // A resumed task keeps its counts; its chapter total is planned again from what is left.
    const tally = new Tally(ctx.db, ctx, task.id, { ...previous, total: previous.handled ?? 0, gaps: previous.gaps ?? [], errors: previous.errors ?? [], waiting_for: null });
    const client = deps.sources();
    const run: BookRunDeps = {
      db: ctx.db,
      client,
      ctx,
      taskId: task.id,
      tally,
      hostLeaseSeconds: deps.hostLeaseSeconds ?? 60,
      hostPollMs: deps.hostPollMs ?? 2000,
      storeCover: deps.storeCover ? (book, slug) => deps.storeCover!(client, book, slug, ctx.signal) : undefined,
    };
    const unfollow = deps.watch?.follow((wait) => void tally.waiting(wait).catch(() => {}));
    try {
      const summary = await perform(run, task, previous.cursor ?? 0);
      await settle(ctx, task.id, 'done', { detail: { ...tally.detail, waiting_for: null, phase: 'Finished' }, progress: 1 }, summary);
      return { status: 'done' };
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      if (error instanceof TaskCancelled) {
        await settle(ctx, task.id, 'cancelled', { detail: { ...tally.detail, waiting_for: null, phase: 'Cancelled' }, error: error.message }, null);
        throw new PermanentJobError(error.message);
      }
      if (ctx.signal.aborted) {
        // Cancelled: keep what was fetched. Shutdown: leave it running for the next worker, with
        // its place saved exactly, so the next one starts at the first chapter not yet handled.
        if (!String(ctx.signal.reason).includes('cancelled')) await tally.save(true).catch(() => {});
        else await settle(ctx, task.id, 'cancelled', { detail: { ...tally.detail, waiting_for: null, phase: 'Cancelled' }, error: 'Cancelled by an admin' }, null);
        throw error;
      }
      const message = error instanceof SourceError ? describeSourceError(error) : error instanceof Error ? error.message : String(error);
      const lastTry = ctx.attempt >= ctx.maxAttempts || !(error instanceof SourceError && retryable(error));
      ctx.log.warn('scrape task failed', { taskId: task.id, attempt: ctx.attempt, error: message });
      if (!lastTry) throw error;
      await settle(ctx, task.id, 'failed', { detail: { ...tally.detail, waiting_for: null, phase: 'Failed' }, error: message }, null);
      throw new PermanentJobError(message);
    } finally {
      unfollow?.();
    }
  };
}

/** The task's end and the initiator's notification, in one commit. */
async function settle(ctx: JobContext, taskId: string, status: 'done' | 'failed' | 'cancelled', values: Parameters<typeof finishTask>[3], summary: TaskSummary | null): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await finishTask(trx, taskId, status, values);
    if (row) await notifyTaskEnded(trx, row, status, summary);
  });
}

const retryable = (error: SourceError) => ['timeout', 'rate_limited', 'blocked', 'http'].includes(error.kind);

async function perform(run: BookRunDeps, task: ScrapeTaskRow, cursor: number): Promise<TaskSummary> {
  const remember = async (number: number) => {
    (run.tally.detail as TaskDetail & { cursor?: number }).cursor = number;
  };
  if (task.kind === 'book' || task.kind === 'range') {
    const selection: Selection = task.kind === 'book' ? { kind: 'all', after: cursor } : { kind: 'range', from: task.from_chapter ?? 1, to: task.to_chapter, after: cursor };
    const result = await scrapeBook(run, task.url!, selection, remember);
    if (result.added.length === 0 && run.tally.detail.failed > 0 && run.tally.detail.handled === run.tally.detail.failed) {
      throw new Error(`No chapter could be fetched: ${run.tally.detail.errors[0]?.message ?? 'every request failed'}`);
    }
    return { slug: result.slug, title: result.title, added: result.added.length };
  }
  return runUpdateCheck(run, task);
}
