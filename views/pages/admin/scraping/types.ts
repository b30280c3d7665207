import type { ScrapeTask } from '../../../../src/features/scraping/model.ts';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { Notice } from '../shared/notice.ts';

/** What the scraping admin pages are given (built by src/features/scraping/admin). */
export type { ScrapeTask };

export interface ScrapingPageProps {
  ctx: PageContext;
  tasks: readonly ScrapeTask[];
  highlight: string | null;
  notice: Notice | null;
}
