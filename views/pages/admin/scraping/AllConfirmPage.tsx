import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';

/**
 * "Re-scrape every book" overwrites the changed chapters of every scraped book: the button posts
 * without `confirmed`, and this page asks first, naming how many books it means (works without JavaScript).
 */
export function AllConfirmPage({ ctx, books }: { ctx: PageContext; books: number }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('admin.scraping.confirmAllTitle')} noindex>
      <section class="admin-page admin-confirm" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading" safe>{t('admin.scraping.confirmAllTitle')}</h1>
        <p safe>{t('admin.scraping.confirmAllBody', { count: books })}</p>
        <form method="post" action="/admin/scraping/all" class="admin-form admin-form--buttons">
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" class="button button--danger" id="scrape-all-confirm" safe>
            {t('admin.scraping.confirmAll', { count: books })}
          </button>
          <a class="button button--quiet" href="/admin/scraping" safe>{t('admin.scraping.confirmCancel')}</a>
        </form>
      </section>
    </Layout>
  );
}
