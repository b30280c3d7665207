import type { PageContext } from '../../../../../src/platform/http/page-context.ts';

export interface StudioBook {
  slug: string;
  title: string;
  coverUrl: string | null;
}

export interface CoverStudioProps {
  ctx: PageContext;
  books: StudioBook[];
  book: (StudioBook & { hasSource: boolean }) | null;
  prompt: string;
  models: string[];
  defaultModel: string;
  maxMegabytes: number;
}
