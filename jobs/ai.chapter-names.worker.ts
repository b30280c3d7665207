import { defineJob } from '../src/platform/queue/runtime.ts';
import { createChapterNamesJob } from '../src/features/ai/chapter-names/job.ts';
import { aiJobDeps } from '../src/features/ai/worker-deps.ts';

/** Names a book's chapters with the AI service, batch by batch (features/ai/chapter-names/job.ts). */
export default defineJob(createChapterNamesJob(aiJobDeps()));
