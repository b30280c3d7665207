import { jobKind } from '../../platform/queue/index.ts';

/** Ends Pro when a canceled subscription's paid period is over (booked by the webhook, run at that time). */
export const periodEndKind = jobKind({
  kind: 'billing.period-end',
  workerFile: new URL('../../../jobs/billing.period-end.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 30,
  maxAttempts: 5,
});
