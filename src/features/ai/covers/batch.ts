import type { Cache } from '../../../platform/cache/port.ts';
import type { Logger } from '../../../platform/log.ts';
import { AppError, conflict } from '../../../platform/http/errors.ts';
import type { AiCall, AiClient } from '../../../integrations/ai/index.ts';
import type { SseEvent } from '../sse.ts';
import * as q from './queries.ts';
import { coverPrompt, setCover, type CoverDeps } from './service.ts';

/**
 * Batch covers: one book at a time, each book without a cover gets one generated picture as its
 * cover. The run holds a lock in the shared cache (one batch at a time across processes); a cancel
 * is a flag in the same cache, read between books. A run that stopped (cancel, disconnect, crash)
 * resumes by running again: books that got a cover meanwhile are skipped.
 */
const LOCK = 'ai:covers:batch';
const CANCEL = 'ai:covers:batch:cancel';
/** Refreshed before every book: a crashed run frees the lock after this long. */
const LOCK_SECONDS = 600;
const MAX_BOOKS = 1000;

export interface BatchDeps extends CoverDeps {
  cache: Cache;
  log: Logger;
}

/** Takes the lock or answers 409; the stream that follows releases it. */
async function startBatch(cache: Cache): Promise<string> {
  const run = crypto.randomUUID();
  if (!(await cache.setIfAbsent(LOCK, run, LOCK_SECONDS))) throw conflict('A batch of covers is already running');
  await cache.del(CANCEL);
  return run;
}

/** Asks the running batch to stop after its current book; false when none runs. */
export async function cancelBatch(cache: Cache): Promise<boolean> {
  const run = await cache.get(LOCK);
  if (!run) return false;
  await cache.set(CANCEL, run, LOCK_SECONDS);
  return true;
}

/** Frees the lock of this run (a no-op once another run holds it). */
async function releaseBatch(cache: Cache, run: string): Promise<void> {
  if ((await cache.get(LOCK).catch(() => null)) === run) await cache.del(LOCK).catch(() => {});
  await cache.del(CANCEL).catch(() => {});
}

/**
 * Takes the lock (409 when taken) and hands back the run's events. A stream only runs while it is
 * read: a client gone before the first read would leave the lock held, so that case frees it here.
 */
export async function batchCovers(deps: BatchDeps, client: AiClient, call: AiCall & { signal: AbortSignal }): Promise<AsyncGenerator<SseEvent>> {
  const run = await startBatch(deps.cache);
  let started = false;
  call.signal.addEventListener('abort', () => void (started || releaseBatch(deps.cache, run)), { once: true });
  const events = runBatch(deps, client, run, call);
  return (async function* () {
    started = true;
    yield* events;
  })();
}

async function* runBatch(deps: BatchDeps, client: AiClient, run: string, call: AiCall & { model?: string }): AsyncGenerator<SseEvent> {
  let done = 0;
  let failed = 0;
  let cancelled = false;
  try {
    const books = await q.booksWithoutCover(deps.db, MAX_BOOKS);
    const total = books.length;
    yield { event: 'progress', data: { done, total, slug: null } };
    for (const book of books) {
      if ((await deps.cache.get(CANCEL)) === run || call.signal?.aborted) {
        cancelled = true;
        break;
      }
      await deps.cache.set(LOCK, run, LOCK_SECONDS);
      try {
        // Another run or an admin may have given it a cover since the list was read.
        if (!(await q.hasCover(deps.db, book.slug))) {
          const [image] = await client.generateImage({ prompt: coverPrompt(book), n: 1 }, call);
          if (!image) throw new AppError(502, 'bad_gateway', 'The AI service returned no image');
          await setCover(deps, book.slug, image.bytes);
        }
      } catch (error) {
        if (call.signal?.aborted) throw error;
        failed++;
        const body = error instanceof AppError ? { error: error.code, message: error.message, status: error.status } : { error: 'internal_error', message: 'The cover could not be made', status: 500 };
        if (!(error instanceof AppError)) deps.log.error('batch cover failed', { slug: book.slug, error });
        yield { event: 'error', data: { slug: book.slug, ...body } };
      }
      done++;
      yield { event: 'progress', data: { done, total, slug: book.slug } };
    }
    yield { event: 'done', data: { done, total, failed, cancelled } };
  } finally {
    await releaseBatch(deps.cache, run);
  }
}
