import { Layout } from '../../layouts/Layout.tsx';
import type { AlreadySignedInPageProps } from './types.ts';

/** An invite opened by someone signed in: they are told so, and may sign out first and come back. */
export function AlreadySignedInPage({ ctx, username, returnTo }: AlreadySignedInPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('joining.signedIn.heading')} noindex>
      <section class="message-page">
        <h1 safe>{t('joining.signedIn.heading')}</h1>
        <p safe>{t('joining.signedIn.body', { username })}</p>
        <form method="post" action="/logout">
          <input type="hidden" name="return_to" value={returnTo} />
          <button class="button button--primary" type="submit" safe>
            {t('joining.signedIn.signOut')}
          </button>
        </form>
        <p>
          <a href="/" safe>
            {t('joining.signedIn.home', { username })}
          </a>
        </p>
      </section>
    </Layout>
  );
}
