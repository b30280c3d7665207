import type { JobKindSpec } from '../../platform/queue/index.ts';
import { coverKinds } from './covers/kinds.ts';

/** The AI tools' job kinds (src/jobs.ts runs them). */
export const aiKinds: readonly JobKindSpec[] = [...coverKinds];
