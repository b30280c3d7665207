import { defineJob } from '../src/platform/queue/runtime.ts';
import { createTranslationJob } from '../src/features/translation/job.ts';
import { translationJobDeps } from '../src/features/translation/worker-deps.ts';

/** Translates one chapter into one locale with the AI service (features/translation/job.ts). */
export default defineJob(createTranslationJob(translationJobDeps()));
