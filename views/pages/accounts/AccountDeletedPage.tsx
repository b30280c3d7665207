import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';

/** Where a deleted account lands, signed out. */
export function AccountDeletedPage({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('account.deleted.title')} noindex>
      <div class="account-delete">
        <h1 safe>{t('account.deleted.title')}</h1>
        <p role="status" safe>
          {t('account.deleted.body')}
        </p>
        <p>
          <a class="button" href="/" safe>
            {t('account.deleted.home')}
          </a>
        </p>
      </div>
    </Layout>
  );
}
