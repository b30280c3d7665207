import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { OfflineMessages } from '../../components/offline/OfflineMessages.tsx';

const PAGE_MESSAGES = [
  'offline.usage', 'offline.chapters_one', 'offline.chapters_other', 'offline.withAudio_one', 'offline.withAudio_other', 'offline.range',
  'offline.read', 'offline.remove', 'offline.removed', 'offline.pending_one', 'offline.pending_other',
] as const;

/**
 * /offline: what this device keeps (public/js/offline/storage.js fills the list from the browser's
 * own store: the server does not know it). The service worker keeps this page too and shows it
 * in place of any page that is not kept while there is no network.
 */
export function OfflinePage({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  const head = (
    <>
      {['js/offline/messages.js', 'js/offline/store.js', 'js/offline/storage.js'].map((file) => (
        <script src={ctx.asset(file)} defer></script>
      ))}
    </>
  );
  return (
    <Layout ctx={ctx} title={t('offline.title')} head={head} noindex>
      <section class="offline-page" data-offline-page>
        <OfflineMessages ctx={ctx} keys={PAGE_MESSAGES} />
        <h1 safe>{t('offline.title')}</h1>
        <p class="offline-page__not-kept notice" data-offline-not-kept hidden safe>
          {t('offline.notKept')}
        </p>
        <p class="offline-page__lead" safe>
          {t('offline.lead')}
        </p>
        <noscript>
          <p class="notice" safe>
            {t('offline.noScript')}
          </p>
        </noscript>
        <p class="notice" data-offline-unsupported hidden safe>
          {t('offline.unsupported')}
        </p>
        <p class="offline-page__usage" data-offline-usage></p>
        <div class="offline-page__pending" data-offline-pending hidden>
          <p data-offline-pending-text></p>
          <button type="button" class="button button--quiet" data-offline-send safe>
            {t('offline.sendNow')}
          </button>
        </div>
        <p class="empty-state" data-offline-empty hidden safe>
          {t('offline.empty')}
        </p>
        <ul class="offline-books" data-offline-books></ul>
        <p>
          <button type="button" class="button button--quiet button--danger" data-offline-remove-all hidden safe>
            {t('offline.removeAll')}
          </button>
        </p>
        <p class="offline-page__status" data-offline-status role="status" aria-live="polite"></p>
      </section>
    </Layout>
  );
}
