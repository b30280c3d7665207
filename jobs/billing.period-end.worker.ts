import { defineJob } from '../src/platform/queue/runtime.ts';
import { createPeriodEndJob } from '../src/features/billing/job.ts';

/** Ends a canceled subscription's Pro at its period's end (features/billing/service.ts). */
export default defineJob(createPeriodEndJob());
