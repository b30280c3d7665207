import type { JobKindSpec } from '../../../platform/queue/index.ts';

/** The cover tools' job kinds, if any (src/features/ai/kinds.ts lists them). */
export const coverKinds: readonly JobKindSpec[] = [];
