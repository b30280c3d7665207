import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { BookAiFacts } from '../ai/BookAiPanel.tsx';
import type { ScrapeTask } from '../scraping/types.ts';
import type { Notice } from '../shared/notice.ts';

/** What a book's admin page is given (built by src/features/catalogue/admin). */
export interface BookAdminProps {
  ctx: PageContext;
  book: { slug: string; title: string; author: string; description: string; status: 'ongoing' | 'completed'; genres: string[]; sourceUrl: string | null; chapterCount: number };
  tasks: readonly ScrapeTask[];
  notice: Notice | null;
  ai: BookAiFacts;
}
