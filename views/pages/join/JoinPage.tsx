import { Layout } from '../../layouts/Layout.tsx';
import { NewPasswordFields, ProblemNotice, UsernameField } from './FormFields.tsx';
import type { JoinPageProps } from './types.ts';

/**
 * /join/{token}: who invited the person and, unless plain, the role the account gets; a username
 * and a password typed twice; and "continue with …" for each configured login provider.
 */
export function JoinPage(props: JoinPageProps): JSX.Element {
  const { ctx, token, role, invitedBy, providers, username, problem, notice } = props;
  const { t } = ctx;
  const site = t('site.name');
  const path = `/join/${encodeURIComponent(token)}`;
  return (
    <Layout ctx={ctx} title={t('joining.join.title', { site })} noindex>
      <section class="signin">
        <h1 safe>{t('joining.join.heading', { site })}</h1>
        {notice ? (
          <p class="notice notice--error" role="alert" safe>
            {notice}
          </p>
        ) : (
          ''
        )}
        <p class="signin__lead" safe>
          {invitedBy ? t('joining.join.invitedBy', { name: invitedBy }) : t('joining.join.invited')}
        </p>
        {role !== 'user' ? (
          <p class="notice" safe>
            {t(role === 'admin' ? 'joining.join.roleAdmin' : 'joining.join.rolePro')}
          </p>
        ) : (
          ''
        )}
        <form class="signin__form" method="post" action={path}>
          <p class="signin__lead" safe>
            {t('joining.join.lead')}
          </p>
          <UsernameField ctx={ctx} value={username} problem={problem} />
          <NewPasswordFields ctx={ctx} problem={problem} />
          <ProblemNotice problem={problem} />
          <button class="button button--primary" type="submit" safe>
            {t('joining.join.submit')}
          </button>
        </form>
        {providers.length > 0 ? (
          <>
            <h2 class="signin__subheading" safe>
              {t('joining.join.providersHeading')}
            </h2>
            <ul class="signin__providers" role="list">
              {providers.map((p) => (
                <li>
                  <a class={`button signin__provider signin__provider--${p.name}`} href={`/auth/${p.name}?invite=${encodeURIComponent(token)}`} safe>
                    {t('signin.with', { provider: p.label })}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          ''
        )}
      </section>
    </Layout>
  );
}
