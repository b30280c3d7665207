import { defineJob } from '../src/platform/queue/runtime.ts';
import { bumpCatalogueVersion } from '../src/features/catalogue/version.ts';
import { POPULARITY_INTERVAL_MS, POPULARITY_SCHEDULE_KEY, refreshPopularity, refreshPopularityKind } from '../src/features/catalogue/popularity.ts';

/**
 * Every ten minutes: recount readers per book (books.reads_7d / reads_30d), then schedule the next
 * run, all in the commit that completes this one (a retried attempt cannot schedule twice).
 */
export default defineJob<Record<string, never>, { changed: number }>(async (_payload, ctx) => {
  const result = await ctx.finish(async (trx) => {
    const changed = await refreshPopularity(trx, new Date());
    // Hand the schedule's dedupe key to the next run (the key is unique among queued and running jobs).
    await trx.updateTable('jobs').set({ dedupe_key: null }).where('id', '=', ctx.jobId).execute();
    await trx
      .insertInto('jobs')
      .values({
        kind: refreshPopularityKind.kind,
        payload: '{}',
        max_attempts: refreshPopularityKind.maxAttempts,
        run_at: new Date(Date.now() + POPULARITY_INTERVAL_MS),
        dedupe_key: POPULARITY_SCHEDULE_KEY,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    ctx.log.info('refreshed book popularity', { changed });
    return { changed };
  });
  if (result.changed > 0) await bumpCatalogueVersion(ctx);
  return result;
});
