import type { BookAdminProps } from '../../../../views/pages/admin/catalogue/types.ts';

/**
 * What a book's admin page asks of the scraping feature: its recent tasks, a re-scrape, a check for
 * new chapters. Passed in (features/scraping/admin/book-scraping.ts makes it) because scraping
 * writes books through the catalogue: the catalogue importing scraping would close a circle.
 */
export interface BookScraping {
  tasksOf(slug: string): Promise<BookAdminProps['tasks']>;
  rescrape(sourceUrl: string, initiatorId: string): Promise<unknown>;
  checkUpdates(sourceUrl: string | null, initiatorId: string): Promise<unknown>;
}
