import type { CacheItem } from '../../../../src/features/audio/admin/model.ts';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { Notice } from '../shared/notice.ts';

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
