import type { AiJob } from '../../../../src/features/ai/jobs/model.ts';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { Notice } from '../shared/notice.ts';

export type { AiJob };

export const ACTIVE_JOB = new Set(['pending', 'running']);

export interface AiJobsPageProps {
  ctx: PageContext;
  jobs: readonly AiJob[];
  notice: Notice | null;
  /** Prefills the naming form (?book=). */
  book: string;
}

export interface ChapterNamesReviewProps {
  ctx: PageContext;
  job: AiJob;
  bookTitle: string;
  notice: Notice | null;
}

export type SuggestionKind = 'tagline' | 'genres' | 'warnings' | 'quality';

export interface Suggestion {
  kind: SuggestionKind;
  slug: string;
  /** What the form's field(s) start with: the proposal as text. */
  value: string;
  score?: number;
  /** An AI failure in words, instead of a proposal. */
  error?: string;
}
