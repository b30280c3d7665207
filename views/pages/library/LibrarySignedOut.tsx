import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';

/** /library for a visitor: what the library is for and a way to sign in that comes back here. */
export function LibrarySignedOut({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('library.title')}>
      <section class="library library--signed-out" aria-labelledby="library-heading">
        <h1 id="library-heading" safe>
          {t('library.title')}
        </h1>
        <div class="empty-state">
          <p class="empty-state__title" safe>
            {t('library.signedOutTitle')}
          </p>
          <p safe>{t('library.signedOutBody')}</p>
          <p>
            <a class="button" href="/login?return_to=%2Flibrary" safe>
              {t('nav.signin')}
            </a>
          </p>
        </div>
      </section>
    </Layout>
  );
}
