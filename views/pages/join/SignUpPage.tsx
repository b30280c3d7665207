import { Layout } from '../../layouts/Layout.tsx';
import { EmailField, NewPasswordFields, ProblemNotice, UsernameField } from './FormFields.tsx';
import type { SignUpPageProps } from './types.ts';

/** /signup (REGISTRATION=open): username, password typed twice, an optional email address. */
export function SignUpPage({ ctx, username, email, problem }: SignUpPageProps): JSX.Element {
  const { t } = ctx;
  const site = t('site.name');
  return (
    <Layout ctx={ctx} title={t('joining.signup.title')} noindex>
      <section class="signin">
        <h1 safe>{t('joining.signup.heading', { site })}</h1>
        <form class="signin__form" method="post" action="/signup">
          <p class="signin__lead" safe>
            {t('joining.signup.lead')}
          </p>
          <UsernameField ctx={ctx} value={username} problem={problem} />
          <NewPasswordFields ctx={ctx} problem={problem} />
          <EmailField ctx={ctx} value={email} problem={problem} />
          <ProblemNotice problem={problem} />
          <button class="button button--primary" type="submit" safe>
            {t('joining.signup.submit')}
          </button>
        </form>
        <p>
          <a href="/login" safe>
            {t('joining.signup.haveAccount')}
          </a>
        </p>
      </section>
    </Layout>
  );
}
