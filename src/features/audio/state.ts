import type { Db } from '../../platform/db/index.ts';
import { TtsError } from '../../integrations/tts/index.ts';
import { bookTitles, failOrphans, type Target } from './queries.ts';
import { notifyJobEnded } from './notify.ts';

/**
 * Keeping audio_jobs (what readers see) consistent with the queue's `jobs` row of the same id
 * (what runs). The worker writes every transition itself: generating at its start, done in the
 * transaction that completes the queue job (ctx.finish), failed before it gives up on a permanent
 * error or its last attempt. Only a worker that dies on its last attempt cannot write `failed`:
 * its queue job ends failed (crash, or lease expiry seen by the next claim) while the row still
 * says generating. settleOrphans() repairs exactly that, wherever it is called: at the start of
 * every audio job and before any request reads or creates a job of a chapter.
 */
export async function settleOrphans(db: Db, target?: Target): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const failed = await failOrphans(trx, target);
    if (!failed.length) return 0;
    const titles = await bookTitles(trx, failed.map((row) => row.slug));
    for (const row of failed) await notifyJobEnded(trx, row, 'failed', titles.get(row.slug) ?? row.slug);
    return failed.length;
  });
}

const MAX_ERROR = 500;

/** What is kept on a failed row: the engine and its message, one line, bounded. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const text = error instanceof TtsError ? `speech engine ${error.engine}: ${message}` : message;
  const line = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > MAX_ERROR ? `${line.slice(0, MAX_ERROR - 1)}…` : line;
}

/**
 * The reason as an API answer shows it: file paths (a program's location in an engine's message)
 * never reach a response body (decisions.md "Errors").
 */
export function publicError(error: string | null): string | null {
  return error === null ? null : error.replace(/(?:\/[\w.@~+-]+){2,}\/?/g, '…');
}
