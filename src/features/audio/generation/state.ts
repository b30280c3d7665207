import type { Db } from '../../../platform/db/index.ts';
import { bookTitles, failOrphans } from './queries.ts';
import type { Target } from '../queries.ts';
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
