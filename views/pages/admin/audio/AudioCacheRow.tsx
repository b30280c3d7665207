import type { CacheItem } from '../../../../src/features/audio/admin/model.ts';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { bookPath } from '../../reader/links.ts';
import { engineName, formatBytes, formatCreated, formatDuration } from '../shared/format.ts';
import { AUDIO_DELETE } from '../../../../src/features/audio/admin/paths.ts';

export type AudioCacheRowProps = { ctx: PageContext; item: CacheItem; filter: string | null; autofocus?: boolean };

// htmx asks the browser first, then replaces the row with the answer (nothing) and the totals out of band.
const SWAP_ROW = { 'hx-target': 'closest tr', 'hx-swap': 'outerHTML' } as const;
// Not in @kitajs/html's <button> type; a spread is not checked for unknown attributes.
const AUTOFOCUS = { autofocus: true } as const;

/**
 * One stored audio object. Each cell carries its column name (data-label) for the stacked layout
 * of narrow screens. Delete is a plain form: without JavaScript it asks on a page of its own.
 */
export function AudioCacheRow({ ctx, item, filter, autofocus }: AudioCacheRowProps): JSX.Element {
  const { t } = ctx;
  const names = { book: item.title, chapter: item.chapter, voice: item.voice };
  return (
    <tr class="audio-cache__row" data-slug={item.slug} data-chapter={String(item.chapter)} data-voice={item.voice}>
      <th scope="row" data-label={t('audioCache.col.book')}>
        <a href={bookPath(item.slug)} safe>
          {item.title}
        </a>
      </th>
      <td data-label={t('audioCache.col.chapter')} class="audio-cache__num" safe>
        {String(item.chapter)}
      </td>
      <td data-label={t('audioCache.col.voice')}>
        <code safe>{item.voice}</code>
      </td>
      <td data-label={t('audioCache.col.engine')} safe>
        {engineName(item.engine)}
      </td>
      <td data-label={t('audioCache.col.size')} class="audio-cache__num">
        <data value={String(item.size_bytes)} safe>
          {formatBytes(ctx.locale, item.size_bytes)}
        </data>
      </td>
      <td data-label={t('audioCache.col.duration')} class="audio-cache__num">
        <data value={String(item.duration_seconds)} safe>
          {formatDuration(item.duration_seconds)}
        </data>
      </td>
      <td data-label={t('audioCache.col.created')}>
        <time datetime={item.created} safe>
          {formatCreated(ctx.locale, item.created)}
        </time>
      </td>
      <td class="audio-cache__actions">
        <form
          method="post"
          action={AUDIO_DELETE}
          hx-post={AUDIO_DELETE}
          hx-vals={JSON.stringify({ confirmed: '1' })}
          hx-confirm={t('audioCache.confirmDelete', names)}
          {...SWAP_ROW}
        >
          <input type="hidden" name="slug" value={item.slug} />
          <input type="hidden" name="chapter" value={String(item.chapter)} />
          <input type="hidden" name="voice" value={item.voice} />
          {filter ? <input type="hidden" name="filter" value={filter} /> : ''}
          <button type="submit" class="button button--quiet button--danger audio-cache__delete" aria-label={t('audioCache.deleteNamed', names)} {...(autofocus ? AUTOFOCUS : {})} safe>
            {t('audioCache.delete')}
          </button>
        </form>
      </td>
    </tr>
  );
}
