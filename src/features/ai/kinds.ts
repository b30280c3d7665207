import type { JobKindSpec } from '../../platform/queue/index.ts';
import { chapterNamesKind } from './chapter-names/kind.ts';

/** The AI tools' job kinds (src/jobs.ts runs them). */
export const aiKinds: readonly JobKindSpec[] = [chapterNamesKind];
