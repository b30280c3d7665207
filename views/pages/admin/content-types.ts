import type { ScrapeTask } from '../../../src/features/scraping/model.ts';
import type { ImportTask } from '../../../src/features/imports/model.ts';
import type { PageContext } from '../../context.ts';
import type { Notice } from './types.ts';
import type { DashboardData } from './ai/AdminDashboard.tsx';
import type { BookAiFacts } from './ai/BookAiPanel.tsx';

/** What the content pipeline's admin pages are given (built by src/features/admin). */
export type { ScrapeTask, ImportTask };

export interface AdminHomeProps {
  ctx: PageContext;
  runningScrapes: number;
  importsInReview: number;
  books: number;
  dashboard: DashboardData;
}

export interface ScrapingPageProps {
  ctx: PageContext;
  tasks: readonly ScrapeTask[];
  highlight: string | null;
  notice: Notice | null;
}

export interface ImportsPageProps {
  ctx: PageContext;
  tasks: readonly ImportTask[];
  highlight: string | null;
  notice: Notice | null;
  maxMegabytes: number;
}

export interface BookAdminProps {
  ctx: PageContext;
  book: { slug: string; title: string; author: string; description: string; status: 'ongoing' | 'completed'; genres: string[]; sourceUrl: string | null; chapterCount: number };
  tasks: readonly ScrapeTask[];
  notice: Notice | null;
  ai: BookAiFacts;
}

export const ACTIVE = new Set(['pending', 'running']);
