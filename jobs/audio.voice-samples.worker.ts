import { defineJob } from '../src/platform/queue/runtime.ts';
import { createVoiceSamplesJob } from '../src/features/audio/samples/job.ts';
import { productionJobDeps } from '../src/features/audio/worker-deps.ts';

/** Stores one short sample per voice for the settings page's previews (features/audio/samples/job.ts). */
export default defineJob(createVoiceSamplesJob(productionJobDeps()));
