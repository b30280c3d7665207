import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';

/** Without JavaScript there is no confirm() dialog: "Clear all" asks on this page first. */
export function ClearConfirmPage({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('notifications.confirmClearTitle')} noindex>
      <section class="notifications notifications-confirm" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading" safe>
          {t('notifications.confirmClearTitle')}
        </h1>
        <p safe>{t('notifications.confirmClearBody')}</p>
        <form method="post" action="/notifications/clear" class="notifications-confirm__actions">
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" class="button button--danger" id="notifications-clear-confirm" safe>
            {t('notifications.clearAll')}
          </button>
          <a class="button button--quiet" href="/notifications" safe>
            {t('notifications.cancel')}
          </a>
        </form>
      </section>
    </Layout>
  );
}
