import type { JobBody } from '../../platform/queue/index.ts';
import { endCanceledPro } from './service.ts';

/** jobs/billing.period-end.worker.ts: `now` is the worker's clock (a test passes its own). */
export function createPeriodEndJob(now: () => Date = () => new Date()): JobBody<{ userId: string }, { ended: boolean }> {
  return async ({ userId }, ctx) => ({ ended: await endCanceledPro(ctx.db, userId, now()) });
}
