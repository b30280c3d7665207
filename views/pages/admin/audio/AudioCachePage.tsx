import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { Layout } from '../../../layouts/Layout.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { AudioCacheRow } from './AudioCacheRow.tsx';
import { AudioCacheEmpty, AudioCacheTotals } from './AudioCacheTotals.tsx';
import type { Notice } from '../shared/notice.ts';
import type { AudioCachePageProps } from './types.ts';
import { AUDIO_PAGE } from '../../../../src/features/audio/admin/paths.ts';

// Not in @kitajs/html's <p> type; a spread is not checked for unknown attributes.
const AUTOFOCUS = { autofocus: true } as const;

/**
 * /admin/audio: every stored narration, newest first, with the totals on top. Deleting a row
 * removes just that row (htmx) and replaces the totals; "Load more" appends the next rows.
 * On narrow screens the table stacks into one card per row (app.css).
 */
export function AudioCachePage({ ctx, items, totals, filter, moreHref, continued, notice }: AudioCachePageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('audioCache.title')} noindex>
      <section id="audio-cache" class="audio-cache" aria-labelledby="audio-cache-heading">
        <div class="audio-cache__head">
          <h1 id="audio-cache-heading" tabindex="-1" safe>
            {t('audioCache.title')}
          </h1>
          <AudioCacheTotals ctx={ctx} totals={totals} filter={filter} />
          <p class="audio-cache__intro" safe>
            {t('audioCache.intro')}
          </p>
        </div>
        <FilterForm ctx={ctx} filter={filter} />
        <NoticeLine notice={notice} />
        <div class="audio-cache__box" role="region" aria-labelledby="audio-cache-caption" tabindex="0">
          <table class="audio-cache__table">
            <caption id="audio-cache-caption" class="visually-hidden" safe>
              {t('audioCache.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col" safe>{t('audioCache.col.book')}</th>
                <th scope="col" class="audio-cache__num" safe>{t('audioCache.col.chapter')}</th>
                <th scope="col" safe>{t('audioCache.col.voice')}</th>
                <th scope="col" safe>{t('audioCache.col.engine')}</th>
                <th scope="col" class="audio-cache__num" safe>{t('audioCache.col.size')}</th>
                <th scope="col" class="audio-cache__num" safe>{t('audioCache.col.duration')}</th>
                <th scope="col" safe>{t('audioCache.col.created')}</th>
                <th scope="col">
                  <span class="visually-hidden" safe>{t('audioCache.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody id="audio-cache-rows">
              {items.map((item, i) => (
                <AudioCacheRow ctx={ctx} item={item} filter={filter} autofocus={continued && i === 0} />
              ))}
            </tbody>
          </table>
        </div>
        <div id="audio-cache-more" class="audio-cache__more">
          {moreHref ? <LoadMore id="audio-cache-load-more" href={moreHref} list="#audio-cache-rows" items="tr" box="#audio-cache-more" label={t('audioCache.loadMore')} /> : ''}
        </div>
        <AudioCacheEmpty ctx={ctx} totals={totals} filter={filter} />
      </section>
      <script src={ctx.asset('js/admin-audio.js')} defer></script>
    </Layout>
  );
}

function FilterForm({ ctx, filter }: { ctx: PageContext; filter: string | null }): JSX.Element {
  const { t } = ctx;
  return (
    <form class="audio-cache__filter" method="get" action={AUDIO_PAGE} role="search">
      <div class="field">
        <label for="audio-cache-slug" safe>
          {t('audioCache.filter.label')}
        </label>
        <input id="audio-cache-slug" name="slug" type="search" value={filter ?? ''} maxlength="200" autocomplete="off" spellcheck="false" />
      </div>
      <button type="submit" class="button button--quiet" safe>
        {t('audioCache.filter.submit')}
      </button>
      {filter ? (
        <a class="audio-cache__clear" href={AUDIO_PAGE} safe>
          {t('audioCache.filter.clear')}
        </a>
      ) : (
        ''
      )}
    </form>
  );
}

function NoticeLine({ notice }: { notice: Notice | null }): JSX.Element {
  if (!notice) return <p class="audio-cache__notice" role="status"></p>;
  const error = notice.level === 'error';
  return (
    <p class={`audio-cache__notice notice ${error ? 'notice--error' : 'notice--ok'}`} role={error ? 'alert' : 'status'} tabindex="-1" {...AUTOFOCUS} safe>
      {notice.message}
    </p>
  );
}
