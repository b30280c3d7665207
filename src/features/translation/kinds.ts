import type { JobKindSpec } from '../../platform/queue/index.ts';

/** The translation feature's job kinds (src/jobs.ts runs them). */
export const translationKinds: readonly JobKindSpec[] = [];
