import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';

/** The 404 page; the caller sets the status. */
export function NotFoundPage({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('notFound.title')}>
      <section class="message-page">
        <p class="message-page__code" aria-hidden="true">
          404
        </p>
        <h1 safe>{t('notFound.heading')}</h1>
        <p safe>{t('notFound.body')}</p>
        <p>
          <a class="button" href="/" safe>
            {t('notFound.home')}
          </a>
        </p>
      </section>
    </Layout>
  );
}
