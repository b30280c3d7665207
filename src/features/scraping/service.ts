import type { Db } from '../../platform/db/index.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { cancel, enqueueKind, transactionWithJobs, type JobKindSpec } from '../../platform/queue/index.ts';
import type { ScrapeTaskKind } from '../../platform/db/schema.ts';
import { emptyDetail, type ScrapeTask, type TaskDetail } from './model.ts';
import * as q from './queries.ts';
import { taskTimes } from '../tasks/times.ts';
import { queuePlace } from './queue-place.ts';

/**
 * Scrape tasks as the web layer and the backend see them: start (202 with a task id), list,
 * cancel. The work itself happens in the `scrape.book` job (job.ts), in a worker.
 */
export interface UrlCheck {
  /** Throws a SourceError for a URL that is not a configured source's book or chapter page. */
  resolve(url: string): { source: string; bookUrl: string };
}

export interface ScrapingDeps {
  db: Db;
  sources: UrlCheck;
  kind: JobKindSpec;
}

export interface RangeInput {
  url: string;
  from: number;
  to?: number | null;
}

function checkUrl(deps: ScrapingDeps, url: string): { source: string; bookUrl: string } {
  try {
    return deps.sources.resolve(url);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : 'Not a book page of a configured source');
  }
}

async function createTask(deps: ScrapingDeps, kind: ScrapeTaskKind, values: Omit<q.NewTask, 'kind' | 'detail'>, guard?: (trx: Db) => Promise<void>): Promise<q.ScrapeTaskRow> {
  return transactionWithJobs(deps.db, async (trx) => {
    await guard?.(trx);
    const task = await q.insertTask(trx, { ...values, kind, detail: emptyDetail() });
    const job = await enqueueKind(trx, deps.kind, { taskId: task.id });
    await q.setJob(trx, task.id, job.id);
    return { ...task, job_id: job.id };
  });
}

/** POST /api/scrape: one book (a second request for it joins the task under way) or every scraped book. */
export async function startScrape(deps: ScrapingDeps, body: { url?: string; all?: boolean }, initiatorId: string | null): Promise<string> {
  if (body.all) {
    const active = await q.activeTaskFor(deps.db, 'all', null);
    if (active) return active.id;
    return (await createTask(deps, 'all', { url: null, source: '', bookSlug: null, from: null, to: null, initiatorId })).id;
  }
  if (!body.url) throw badRequest('Send {url} (a book or chapter URL of a configured source) or {all: true}');
  const { source, bookUrl } = checkUrl(deps, body.url);
  const active = await q.activeTaskFor(deps.db, 'book', bookUrl);
  if (active) return active.id;
  return (await createTask(deps, 'book', { url: bookUrl, source, bookSlug: null, from: null, to: null, initiatorId })).id;
}

/**
 * Backend POST /scrape/book/range: it queues behind whatever runs (one task at a time per site:
 * host-lease.ts), like a whole book; the contract's 409 "already running" stays for the one case
 * where waiting helps nobody: a scrape of this same book is already waiting or running.
 * `to` omitted: to the last chapter.
 */
export async function startRange(deps: ScrapingDeps, input: RangeInput, initiatorId: string | null): Promise<{ task_id: string; status: string }> {
  const to = input.to ?? null;
  if (!Number.isInteger(input.from) || input.from < 1) throw badRequest('from must be a chapter number of 1 or more');
  if (to !== null && (!Number.isInteger(to) || to < input.from)) throw badRequest('to must be a chapter number no smaller than from');
  const { source, bookUrl } = checkUrl(deps, input.url);
  const task = await createTask(deps, 'range', { url: bookUrl, source, bookSlug: null, from: input.from, to, initiatorId }, async (trx) => {
    // Two requests at once: the lock makes the second see the first's task.
    await q.lockTaskCreation(trx);
    if (await q.activeTaskOfUrl(trx, bookUrl)) throw conflict('A scrape of this book is already running; try again when it has finished');
  });
  return { task_id: task.id, status: task.status };
}

/** The new-chapters check (the schedule and the admin's "check now"): one task over ongoing books, or one book. */
export async function startUpdateCheck(deps: ScrapingDeps, initiatorId: string | null, bookUrl: string | null = null): Promise<string> {
  const active = await q.activeTaskFor(deps.db, 'update', bookUrl);
  if (active) return active.id;
  return (await createTask(deps, 'update', { url: bookUrl, source: '', bookSlug: null, from: null, to: null, initiatorId })).id;
}

export function toTask(row: q.ScrapeTaskRow, now: Date = new Date()): ScrapeTask {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    url: row.url,
    book_slug: row.book_slug,
    from: row.from_chapter,
    to: row.to_chapter,
    progress: Number(row.progress),
    detail: { ...emptyDetail(), ...(row.detail as Partial<TaskDetail>) },
    error: row.error,
    initiator_id: row.initiator_id,
    ...taskTimes(row, now),
  };
}

export async function listTasks(db: Db, limit = 50, bookSlug?: string, now?: Date): Promise<ScrapeTask[]> {
  return withQueuePlaces(db, (await q.recentTasks(db, limit, bookSlug)).map((row) => toTask(row, now)));
}

export async function getTask(db: Db, id: string, now?: Date): Promise<ScrapeTask> {
  const row = await q.taskById(db, id);
  if (!row) throw notFound('No such scrape task');
  return (await withQueuePlaces(db, [toTask(row, now)]))[0]!;
}

/** A waiting task says where it stands in the queue and whom it waits for (worked out, not stored). */
async function withQueuePlaces(db: Db, tasks: ScrapeTask[]): Promise<ScrapeTask[]> {
  if (!tasks.some((task) => task.status === 'pending')) return tasks;
  const active = await q.activeTasks(db);
  return tasks.map((task) => (task.status === 'pending' ? { ...task, detail: { ...task.detail, waiting_for: queuePlace(task, active) } } : task));
}

/** A waiting task ends at once; a running one stops before its next chapter and keeps what it has. */
export async function cancelTask(db: Db, id: string): Promise<ScrapeTask> {
  const row = await q.taskById(db, id);
  if (!row) throw notFound('No such scrape task');
  if (row.job_id) await cancel(db, row.job_id);
  if (row.status === 'pending') await q.finishTask(db, id, 'cancelled', { error: 'Cancelled before it started' });
  return getTask(db, id);
}

/** How many books "re-scrape every book" would fetch again (its confirmation names the number). */
export const scrapedBookCount = (db: Db) => q.countSourceBooks(db);

export const hasActiveTask = async (db: Db) => (await q.anyActiveTask(db)) !== undefined;
