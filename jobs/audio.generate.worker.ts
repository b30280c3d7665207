import { defineJob } from '../src/platform/queue/runtime.ts';
import { createAudioJob } from '../src/features/audio/generation/job.ts';
import { productionJobDeps } from '../src/features/audio/worker-deps.ts';

/** Narrates one chapter in one voice and stores it (features/audio/generation/job.ts). */
export default defineJob(createAudioJob(productionJobDeps()));
