import type { CacheItem } from '../../../../src/features/audio/admin/model.ts';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { Layout } from '../../../layouts/Layout.tsx';
import { engineName, formatBytes, formatDuration } from '../shared/format.ts';
import { AUDIO_DELETE, audioPageUrl } from '../../../../src/features/audio/admin/paths.ts';

export type AudioDeleteConfirmPageProps = { ctx: PageContext; item: CacheItem; filter: string | null };

/** Without JavaScript there is no confirm() dialog: deleting a stored audio asks on this page first. */
export function AudioDeleteConfirmPage({ ctx, item, filter }: AudioDeleteConfirmPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('audioCache.confirmTitle')} noindex>
      <section class="audio-cache audio-cache-confirm" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading" safe>
          {t('audioCache.confirmTitle')}
        </h1>
        <dl class="audio-cache-confirm__facts">
          <div>
            <dt safe>{t('audioCache.col.book')}</dt>
            <dd safe>{item.title}</dd>
          </div>
          <div>
            <dt safe>{t('audioCache.col.chapter')}</dt>
            <dd safe>{String(item.chapter)}</dd>
          </div>
          <div>
            <dt safe>{t('audioCache.col.voice')}</dt>
            <dd safe>{`${item.voice} (${engineName(item.engine)})`}</dd>
          </div>
          <div>
            <dt safe>{t('audioCache.col.size')}</dt>
            <dd safe>{`${formatBytes(ctx.locale, item.size_bytes)} · ${formatDuration(item.duration_seconds)}`}</dd>
          </div>
        </dl>
        <p safe>{t('audioCache.confirmBody')}</p>
        <form method="post" action={AUDIO_DELETE} class="audio-cache-confirm__actions">
          <input type="hidden" name="slug" value={item.slug} />
          <input type="hidden" name="chapter" value={String(item.chapter)} />
          <input type="hidden" name="voice" value={item.voice} />
          {filter ? <input type="hidden" name="filter" value={filter} /> : ''}
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" class="button button--danger" id="audio-cache-delete-confirm" safe>
            {t('audioCache.delete')}
          </button>
          <a class="button button--quiet" href={audioPageUrl({ slug: filter })} safe>
            {t('audioCache.cancel')}
          </a>
        </form>
      </section>
    </Layout>
  );
}
