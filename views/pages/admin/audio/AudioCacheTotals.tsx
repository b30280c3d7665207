import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { formatBytes } from '../shared/format.ts';
import type { AudioCacheTotalsData } from './types.ts';

type Props = { ctx: PageContext; totals: AudioCacheTotalsData; filter: string | null; oob?: boolean };

/** How many files and bytes are stored (of the filtered book, or in all); replaced out of band after a delete. */
export function AudioCacheTotals({ ctx, totals, filter, oob }: Props): JSX.Element {
  const { t } = ctx;
  const size = formatBytes(ctx.locale, totals.totalBytes);
  return (
    <p id="audio-cache-totals" class="audio-cache__totals" hx-swap-oob={oob ? 'true' : undefined}>
      <span class="audio-cache__figure" safe>
        {t('audioCache.totals', { count: totals.count, size })}
      </span>
      {filter ? (
        <span class="audio-cache__scope" safe>
          {t('audioCache.filter.showing', { slug: filter })}
        </span>
      ) : (
        ''
      )}
    </p>
  );
}

/** Shown when nothing (of the filtered book) is stored; kept in step with the totals after a delete. */
export function AudioCacheEmpty({ ctx, totals, filter, oob }: Props): JSX.Element {
  const { t } = ctx;
  return (
    <div id="audio-cache-empty" class="empty-state audio-cache__empty" hidden={totals.count > 0} hx-swap-oob={oob ? 'true' : undefined}>
      <p class="empty-state__title" safe>
        {t(filter ? 'audioCache.emptyFiltered' : 'audioCache.empty')}
      </p>
      <p safe>{t(filter ? 'audioCache.emptyFilteredBody' : 'audioCache.emptyBody')}</p>
    </div>
  );
}
