import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { Cache } from '../../../platform/cache/port.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import { enqueueKind, transactionWithJobs, type JobKindSpec } from '../../../platform/queue/index.ts';
import type { AiCall, AiClient } from '../../../integrations/ai/index.ts';
import { announceChapterChange } from '../../catalogue/writes/announce.ts';
import * as jobs from '../jobs/queries.ts';
import { nameChapters } from './generate.ts';
import type { ChapterNamesBody, ChapterNamesPayload } from './model.ts';
import * as q from './queries.ts';
import { jsonColumn } from '../../../platform/db/json.ts';

type Db = Kysely<Database>;

export const CHAPTER_NAMES_KIND = 'chapter-names';

export interface NamingRequest {
  book: { slug: string; title: string; author: string };
  from: number;
  to: number | null;
  total: number;
  model?: string;
}

/** The body, checked: a known book and a range with chapters in it. */
export async function namingRequest(db: Db, body: ChapterNamesBody | undefined): Promise<NamingRequest> {
  if (!body?.slug) throw badRequest('slug is required');
  const from = body.from ?? 1;
  const to = body.to ?? null;
  if (to !== null && to < from) throw badRequest('to must not be before from');
  const book = await q.bookForNaming(db, body.slug);
  if (!book) throw notFound('No such book');
  const total = await q.countChapters(db, book.slug, from, to);
  if (total === 0) throw badRequest('This book has no chapters in that range');
  return { book, from, to, total, model: body.model };
}

export type NamingEvent =
  | { event: 'progress'; data: { slug: string; total: number; done: number } }
  | { event: 'batch'; data: { batch: number; proposals: { number: number; title: string; old_title: string }[] } }
  | { event: 'done'; data: { slug: string; total: number; proposals: number } };

/** The SSE variant: one `batch` event per 100 chapters, as they are named. */
export async function* streamChapterNames(db: Db, client: AiClient, request: NamingRequest, call: AiCall): AsyncGenerator<NamingEvent> {
  yield { event: 'progress', data: { slug: request.book.slug, total: request.total, done: 0 } };
  let done = 0;
  let proposed = 0;
  for await (const batch of nameChapters({ db, client, call: { ...call, model: request.model }, book: request.book, to: request.to }, request.from - 1)) {
    done = Math.min(request.total, done + 100);
    proposed += batch.proposals.length;
    yield { event: 'batch', data: { batch: batch.batch, proposals: batch.proposals } };
    yield { event: 'progress', data: { slug: request.book.slug, total: request.total, done } };
  }
  yield { event: 'done', data: { slug: request.book.slug, total: request.total, proposals: proposed } };
}

export interface ChapterNamesJobPayload {
  aiJobId: string;
}

/** The async variant: an `ai_jobs` row and a queued job that fills its payload batch by batch. */
export async function startChapterNamesJob(db: Db, kind: JobKindSpec, request: NamingRequest, userId: string | null): Promise<string> {
  return transactionWithJobs(db, async (trx) => {
    const payload: ChapterNamesPayload = { slug: request.book.slug, from: request.from, to: request.to, total: request.total, batches: 0, proposals: [], ...(request.model ? { model: request.model } : {}) };
    const row = await jobs.insertJob(trx, { kind: CHAPTER_NAMES_KIND, bookSlug: request.book.slug, createdBy: userId, payload });
    const job = await enqueueKind(trx, kind, { aiJobId: row.id } satisfies ChapterNamesJobPayload);
    await jobs.updateJob(trx, row.id, { jobId: job.id });
    return row.id;
  });
}

/**
 * Applies the titles an admin kept: given `titles`, those; given only `job_id`, every proposal of
 * that job. Titles of chapters that do not exist are skipped. A job's titles mark it `applied`.
 */
export async function applyChapterNames(db: Db, cache: Pick<Cache, 'publish'>, body: { slug?: string; job_id?: string; titles?: { number: number; title: string }[] } | undefined): Promise<{ applied: number; skipped: number }> {
  let slug = body?.slug;
  let titles = body?.titles;
  const job = body?.job_id ? await jobs.jobById(db, body.job_id) : undefined;
  if (body?.job_id) {
    if (!job || job.kind !== CHAPTER_NAMES_KIND) throw notFound('No such AI job');
    const payload = jsonColumn<ChapterNamesPayload>(job.payload, {} as ChapterNamesPayload);
    if (slug && slug !== payload.slug) throw badRequest('That job names chapters of another book');
    slug = payload.slug;
    titles ??= payload.proposals.map((p) => ({ number: p.number, title: p.title }));
    if (job.status === 'pending' || job.status === 'running') throw conflict('This job is still running; apply once it has finished or been cancelled');
  }
  if (!slug) throw badRequest('slug is required');
  if (!titles) throw badRequest('titles are required');
  if (!(await q.bookForNaming(db, slug))) throw notFound('No such book');
  const clean = new Map<number, string>();
  for (const t of titles) {
    const title = t.title.replace(/\s+/g, ' ').trim().slice(0, 500);
    if (title) clean.set(t.number, title);
  }
  const applied = await db.transaction().execute(async (trx) => {
    const changed = await q.setTitles(trx, slug, [...clean].map(([number, title]) => ({ number, title })));
    if (job) await jobs.updateJob(trx, job.id, { status: 'applied', payload: { ...jsonColumn<object>(job.payload, {}), applied: changed } });
    return changed;
  });
  await announceChapterChange(cache, slug);
  return { applied, skipped: titles.length - applied };
}
