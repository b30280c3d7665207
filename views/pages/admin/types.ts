import type { CacheItem } from '../../../src/features/audio/admin/model.ts';
import type { PageContext } from '../../context.ts';

/** The line above the table after an action. */
export type Notice = { level: 'ok' | 'error'; message: string };

export interface AudioCacheTotalsData {
  count: number;
  totalBytes: number;
}

export type AudioCachePageProps = {
  ctx: PageContext;
  items: readonly CacheItem[];
  totals: AudioCacheTotalsData;
  /** The book slug the list is limited to, or null for all books. */
  filter: string | null;
  /** The page URL of the next rows, or null on the last page. */
  moreHref: string | null;
  /** This is a later page (?after=): its first delete button takes the focus. */
  continued: boolean;
  notice: Notice | null;
};
