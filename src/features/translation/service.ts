import type { Logger } from '../../platform/log.ts';
import type { Locale } from '../../platform/i18n/locale.ts';
import type { Cache } from '../../platform/cache/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { enqueueKind, type JobKindSpec } from '../../platform/queue/index.ts';
import type { AiProvider } from '../ai/provider.ts';
import { useDailyChapter, type Member } from '../billing/gate.ts';
import type { PolicySource } from '../policy/model.ts';
import { renderChapter } from '../../platform/markup/chapter-html.ts';
import type { TranslationJobPayload } from './job.ts';
import type { TranslateRequest, TranslationJob, TranslationJobStatus } from './model.ts';
import { notifyTranslationEnded } from './notify.ts';
import { activeJob, bookTitle, failOrphans, insertPending, jobById, latestJob, missingPart, storedTranslation, type Target, type TranslationJobRow } from './queries.ts';

export interface TranslationDeps {
  db: Db;
  cache: Cache;
  ai: AiProvider;
  kind: JobKindSpec;
  clock: Clock;
  /** The owner's policy: whether the daily limit applies, and its number (features/policy). */
  policy: PolicySource;
  /** Where the free limit says it let a chapter through uncounted (the cache away). */
  log?: Pick<Logger, 'warn'>;
}

/** The reader asking: who counts against the free limit, and who is told when it is done. */
export interface Requester extends Member {
  userId: string | null;
}

async function requireChapter(db: Db, slug: string, chapter: number): Promise<void> {
  const missing = await missingPart(db, slug, chapter);
  if (missing === 'book') throw notFound('Book not found');
  if (missing === 'chapter') throw notFound('Chapter not found');
}

/** Rows whose queue job ended without them (a worker died on its last attempt) become failed, and their reader is told. */
export async function settleOrphans(db: Db, target?: Target): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const failed = await failOrphans(trx, target);
    for (const row of failed) await notifyTranslationEnded(trx, row, 'failed', (await bookTitle(trx, row.slug)) ?? row.slug);
    return failed.length;
  });
}

const asJob = (row: TranslationJobRow): TranslationJob => ({ job_id: row.id, status: row.status });

/** The job of a chapter and locale now pending or running, else a new one (its dedupe key makes concurrent requests share it). */
async function ensureJob(deps: TranslationDeps, target: Target, requestedBy: string | null): Promise<TranslationJobRow> {
  await settleOrphans(deps.db, target);
  const active = await activeJob(deps.db, target);
  if (active) return active;
  const payload: TranslationJobPayload = { ...target, requestedBy };
  let row: TranslationJobRow | undefined;
  for (let round = 0; round < 40; round++) {
    const queued = await enqueueKind(deps.db, deps.kind, payload, { dedupeKey: `${target.slug}/${target.chapter}/${target.locale}` });
    await insertPending(deps.db, queued.id, target, requestedBy);
    row = (await jobById(deps.db, queued.id)) ?? (await activeJob(deps.db, target));
    if (!row) throw new Error(`translation job ${queued.id} has no row`);
    if (row.status !== 'failed') return row;
    // A job that has just failed holds its queue row (and its dedupe key) until the runner records
    // the outcome, a few milliseconds later: ask again for a fresh one.
    await Bun.sleep(50);
  }
  return row!;
}

/**
 * POST /api/translate: 404 for a missing chapter; a stored translation is `done` at once and costs
 * nothing; otherwise 503 without an AI service, then the chapter counts against the daily limit
 * when the policy sets one (402 past it), then the job (the one already running, or a new one).
 */
export async function requestTranslation(deps: TranslationDeps, who: Requester, input: TranslateRequest): Promise<TranslationJob> {
  await requireChapter(deps.db, input.slug, input.chapter);
  const target: Target = { slug: input.slug, chapter: input.chapter, locale: input.locale };
  if (await storedTranslation(deps.db, target)) {
    const latest = await latestJob(deps.db, target);
    return { job_id: latest?.id ?? null, status: 'done' };
  }
  deps.ai.client(); // 503 ai_not_configured
  await useDailyChapter(deps.cache, await deps.policy.current(), 'translation', who, input.slug, input.chapter, deps.clock(), deps.log);
  return asJob(await ensureJob(deps, target, who.userId));
}

/** GET /api/translate/status/{slug}/{n}?locale=: the newest job; `done` with no job when only the stored translation is left. */
export async function translationStatus(deps: Pick<TranslationDeps, 'db'>, target: Target): Promise<TranslationJobStatus> {
  await requireChapter(deps.db, target.slug, target.chapter);
  await settleOrphans(deps.db, target);
  const row = await latestJob(deps.db, target);
  const stored = await storedTranslation(deps.db, target);
  if (row && row.status !== 'done') return { job_id: row.id, status: row.status, error: row.status === 'failed' ? row.error : null };
  if (stored) return { job_id: row?.id ?? null, status: 'done', error: null };
  // A done job whose translation is gone (the chapter was edited since) is as if never asked.
  throw notFound('No translation of this chapter into that language has been requested');
}

/** Is a translation of the chapter into that locale pending or running now? */
export async function translationInProgress(db: Db, target: Target): Promise<boolean> {
  return (await activeJob(db, target)) !== undefined;
}

export interface TranslatedChapter {
  locale: Locale;
  title: string;
  text: string;
  html: string;
}

/** The stored translation of a chapter, rendered like the original (platform/markup/chapter-html.ts); null when there is none. */
export async function translatedChapter(db: Db, target: Target): Promise<TranslatedChapter | null> {
  const row = await storedTranslation(db, target);
  if (!row) return null;
  return { locale: row.locale, title: row.title, text: row.text, html: renderChapter(row.text) };
}
