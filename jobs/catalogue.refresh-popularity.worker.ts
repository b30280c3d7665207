import { defineJob } from '../src/platform/queue/runtime.ts';
import { bumpCatalogueVersion } from '../src/features/catalogue/version.ts';
import { refreshPopularity } from '../src/features/catalogue/popularity.ts';

/**
 * Every ten minutes: recount readers per book (books.reads_7d / reads_30d). The queue books the
 * next run in the commit that completes this one (features/catalogue/popularity.ts).
 */
export default defineJob<Record<string, never>, { changed: number }>(async (_payload, ctx) => {
  const now = await ctx.now();
  const result = await ctx.finish(async (trx) => {
    const changed = await refreshPopularity(trx, now);
    ctx.log.info('refreshed book popularity', { changed });
    return { changed };
  });
  if (result.changed > 0) await bumpCatalogueVersion(ctx);
  return result;
});
