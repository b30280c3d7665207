import type { BootedPlatform } from '../../../platform/boot.ts';
import type { BookScraping } from '../../catalogue/admin/book-scraping.ts';
import { listTasks, startScrape, startUpdateCheck } from '../service.ts';
import { adminScrapingDeps } from './deps.ts';

/** The scraping a book's admin page offers (features/catalogue/admin), over this feature's service. */
export function bookScraping(platform: BootedPlatform): BookScraping {
  const deps = adminScrapingDeps(platform);
  return {
    tasksOf: (slug) => listTasks(platform.db, 10, slug, platform.clock()),
    rescrape: (sourceUrl, initiatorId) => startScrape(deps, { url: sourceUrl }, initiatorId),
    checkUpdates: (sourceUrl, initiatorId) => startUpdateCheck(deps, initiatorId, sourceUrl),
  };
}
