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
  /** A form the server refused: what the admin typed comes back, with the reason next to it. */
  refused?: RefusedForm | null;
}

export interface RefusedForm {
  form: 'book' | 'range';
  url: string;
  from: string;
  to: string;
  error: string;
}
