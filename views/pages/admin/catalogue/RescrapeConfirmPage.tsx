import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';

/** A re-scrape overwrites every changed chapter of the book: the button asks on this page first (no JavaScript needed). */
export function RescrapeConfirmPage({ ctx, slug, title, chapters }: { ctx: PageContext; slug: string; title: string; chapters: number }): JSX.Element {
  const { t } = ctx;
  const base = `/admin/books/${encodeURIComponent(slug)}`;
  return (
    <Layout ctx={ctx} title={t('admin.books.confirmRescrapeTitle', { title })} noindex>
      <section class="admin-page admin-confirm" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading" safe>{t('admin.books.confirmRescrapeTitle', { title })}</h1>
        <p safe>{t('admin.books.confirmRescrapeBody', { count: chapters })}</p>
        <form method="post" action={`${base}/rescrape`} class="admin-form admin-form--buttons">
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" class="button button--danger" id="rescrape-confirm" safe>{t('admin.books.confirmRescrape')}</button>
          <a class="button button--quiet" href={base} safe>{t('admin.scraping.confirmCancel')}</a>
        </form>
      </section>
    </Layout>
  );
}
