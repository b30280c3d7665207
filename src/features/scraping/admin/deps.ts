import type { BootedPlatform } from '../../../platform/boot.ts';
import { createSourceClient } from '../../../integrations/sources/index.ts';
import { scrapeKind } from '../kind.ts';
import type { ScrapingDeps } from '../service.ts';
import { sourcesConfig } from '../sources-config.ts';

/** What the admin's scraping forms start tasks with (the source client only checks their URLs here). */
export function adminScrapingDeps(platform: BootedPlatform): ScrapingDeps {
  return { db: platform.db, sources: createSourceClient(sourcesConfig(platform.config)), kind: scrapeKind };
}
