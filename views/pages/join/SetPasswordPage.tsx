import { Layout } from '../../layouts/Layout.tsx';
import { NewPasswordFields, ProblemNotice } from './FormFields.tsx';
import type { SetPasswordPageProps } from './types.ts';

/** /set-password/{token}: a new password for the account the link is for; saving it signs in. */
export function SetPasswordPage({ ctx, token, username, problem }: SetPasswordPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('joining.password.title')} noindex>
      <section class="signin">
        <h1 safe>{t('joining.password.heading')}</h1>
        <p class="signin__lead" safe>
          {t('joining.password.lead', { username })}
        </p>
        <form class="signin__form" method="post" action={`/set-password/${encodeURIComponent(token)}`}>
          {/* For password managers: which account this password belongs to. */}
          <input type="text" name="username" value={username} autocomplete="username" hidden readonly />
          <NewPasswordFields ctx={ctx} problem={problem} />
          <ProblemNotice problem={problem} />
          <button class="button button--primary" type="submit" safe>
            {t('joining.password.submit')}
          </button>
        </form>
      </section>
    </Layout>
  );
}
