import type { Locale } from '../../platform/i18n/locale.ts';
import type { AiClient, AiUsage } from '../../integrations/ai/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { LeaseLostError, lockIfOwned, PermanentJobError, type JobBody, type JobContext } from '../../platform/queue/index.ts';
import { usageRecorder } from '../ai/usage.ts';
import { entriesFor } from './glossary.ts';
import { notifyTranslationEnded } from './notify.ts';
import { TRANSLATION_TASK, TranslationAnswer, translationMessages } from './prompt.ts';
import { bookTitle, chapterToTranslate, glossaryOf, markDone, markFailed, markRunning, saveTranslation, type Target } from './queries.ts';
import { joinPieces, MAX_PIECE_CHARS, splitForTranslation } from './split.ts';

/**
 * The `translation.chapter` job, run in a worker thread (jobs/translation.chapter.worker.ts): the
 * chapter is cut at paragraph boundaries (split.ts), each piece translated with the book's
 * glossary, the pieces joined in order and stored with the title in the transaction that
 * completes the queue job, which also notifies the reader. A failing AI call is retried by the
 * queue (a new attempt starts over); on the last attempt, or an error that will never pass, the
 * row ends `failed` with its reason and the reader is told.
 */
export interface TranslationJobPayload extends Target {
  requestedBy: string | null;
}

export interface TranslationJobResult {
  pieces: number;
  chars: number;
}

export interface TranslationJobDeps {
  /** The AI client (throws when none is configured). */
  ai: () => AiClient;
  now?: () => Date;
  maxPieceChars?: number;
}

const MAX_ERROR = 500;

export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > MAX_ERROR ? `${line.slice(0, MAX_ERROR - 1)}…` : line;
}

function isPermanent(error: unknown): boolean {
  if (error instanceof AppError) return error.status < 500 || error.code === 'ai_not_configured';
  return error instanceof Error && error.name === 'PermanentJobError';
}

export function createTranslationJob(deps: TranslationJobDeps): JobBody<TranslationJobPayload, TranslationJobResult> {
  const now = deps.now ?? (() => new Date());
  return async (payload, ctx) => {
    const target: Target = { slug: payload.slug, chapter: payload.chapter, locale: payload.locale };
    if (!(await markRunning(ctx.db, ctx.jobId, target, payload.requestedBy))) return { pieces: 0, chars: 0 };
    const usage = usageRecorder(ctx.db, ctx.log, 'translation', now, ctx.jobId);
    try {
      const result = await translate(deps, payload, ctx, usage.onUsage);
      usage.finish('done');
      return result;
    } catch (error) {
      if (ctx.signal.aborted || error instanceof LeaseLostError) throw error;
      const permanent = isPermanent(error);
      const reason = describeFailure(error);
      const last = permanent || ctx.attempt >= ctx.maxAttempts;
      if (last) {
        await recordFailure(ctx, payload, reason);
        usage.finish('failed');
      }
      ctx.log.warn('translation failed', { ...target, attempt: ctx.attempt, permanent, error: reason });
      throw last ? new PermanentJobError(reason) : new Error(reason, { cause: error });
    }
  };
}

async function translate(deps: TranslationJobDeps, payload: TranslationJobPayload, ctx: JobContext, onUsage: (usage: AiUsage) => void): Promise<TranslationJobResult> {
  const chapter = await chapterToTranslate(ctx.db, payload.slug, payload.chapter);
  if (!chapter) throw new PermanentJobError('the chapter no longer exists');
  const client = deps.ai();
  const glossary = entriesFor(await glossaryOf(ctx.db, payload.slug), payload.locale as Locale);
  const pieces = splitForTranslation(chapter.text, deps.maxPieceChars ?? MAX_PIECE_CHARS);
  const translated: string[] = [];
  let title = '';
  ctx.progress(0, `0/${pieces.length}`);
  for (let i = 0; i < Math.max(pieces.length, 1); i++) {
    ctx.signal.throwIfAborted();
    const first = i === 0;
    const answer = await client.json(
      {
        name: TRANSLATION_TASK,
        schema: TranslationAnswer,
        messages: translationMessages({ locale: payload.locale, glossary, title: first ? chapter.title : undefined, text: pieces[i] ?? '', piece: i + 1, pieces: Math.max(pieces.length, 1) }),
        temperature: 0.2,
      },
      { signal: ctx.signal, onUsage },
    );
    if (first) title = answer.title.trim();
    translated.push(answer.text);
    ctx.progress((i + 1) / Math.max(pieces.length, 1), `${i + 1}/${pieces.length}`);
  }
  const text = joinPieces(translated);
  if (pieces.length && !text) throw new Error('the AI service answered an empty translation');
  await ctx.finish(async (trx) => {
    await saveTranslation(trx, { slug: payload.slug, chapter: payload.chapter, locale: payload.locale }, { title: chapter.title ? title || chapter.title : '', text, source_hash: chapter.content_hash, model: client.textModel });
    const row = await markDone(trx, ctx.jobId);
    if (row) await notifyTranslationEnded(trx, row, 'done', chapter.book_title);
  });
  ctx.log.info('translation stored', { slug: payload.slug, chapter: payload.chapter, locale: payload.locale, pieces: pieces.length });
  return { pieces: pieces.length, chars: text.length };
}

/** Fenced like ctx.finish: only the attempt that still owns the job may end it. */
async function recordFailure(ctx: JobContext, payload: TranslationJobPayload, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockIfOwned(trx, ctx.jobId, ctx.owner))) return;
    const row = await markFailed(trx, ctx.jobId, reason);
    if (!row) return;
    await notifyTranslationEnded(trx, row, 'failed', (await bookTitle(trx, payload.slug)) ?? payload.slug);
  });
}
