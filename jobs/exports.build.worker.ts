import { defineJob } from '../src/platform/queue/runtime.ts';
import { createExportJob } from '../src/features/exports/job.ts';
import { exportJobDeps } from '../src/features/exports/worker-deps.ts';

/** Narrates what is missing of a chapter range and packs it as a narrated EPUB or an audiobook (features/exports/job.ts). */
export default defineJob(createExportJob(exportJobDeps()));
