import type { Platform } from '../../platform/index.ts';
import { createCatalogueIndex, type CatalogueIndexSource } from './index/sync.ts';
import { createCatalogueVersion, type CatalogueVersion } from './version.ts';

/**
 * What lists the catalogue in this process: its version (moved by every writer) and the index kept
 * current with it. One per process, made by the app and handed to every feature that lists books
 * (the catalogue's pages and API, the OPDS feeds).
 */
export interface CatalogueListings {
  version: CatalogueVersion;
  index: CatalogueIndexSource;
}

export function createCatalogueListings(platform: Pick<Platform, 'db' | 'cache' | 'log' | 'clock'>): CatalogueListings {
  const warn = (what: string) => (error: unknown) => platform.log.warn(what, { error: error as Error });
  const version = createCatalogueVersion(platform.cache, warn('catalogue version unavailable'));
  const index = createCatalogueIndex(platform.db, {
    version: () => version.current(),
    now: () => platform.clock().getTime(),
    onError: warn('catalogue index could not look for changes'),
  });
  return { version, index };
}
