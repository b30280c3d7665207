import { defineJob } from '../src/platform/queue/runtime.ts';
import { createImportJob } from '../src/features/imports/job.ts';
import { importJobDeps } from '../src/features/imports/worker-deps.ts';

/** Reads an uploaded PDF or EPUB, or publishes a reviewed one (features/imports/job.ts). */
export default defineJob(createImportJob(importJobDeps()));
