import { Layout } from '../../layouts/Layout.tsx';
import type { SignInPageProps } from './types.ts';

/** What an admin sets to enable each provider (src/config.ts); brand names need no translation. */
const PROVIDER_ENV: ReadonlyArray<readonly [provider: string, vars: string[]]> = [
  ['Google', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']],
  ['GitHub', ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET']],
  ['OpenID Connect', ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']],
];

/** One button per configured provider; each starts /auth/<name> and comes back to returnTo. */
export function SignInPage({ ctx, providers, returnTo, error }: SignInPageProps): JSX.Element {
  const { t } = ctx;
  const back = encodeURIComponent(returnTo);
  return (
    <Layout ctx={ctx} title={t('signin.title')}>
      <section class="signin">
        <h1 safe>{t('signin.heading', { site: t('site.name') })}</h1>
        {error ? (
          <p class="notice notice--error" role="alert" safe>
            {error}
          </p>
        ) : (
          ''
        )}
        {providers.length > 0 ? (
          <>
            <p class="signin__lead" safe>
              {t('signin.lead')}
            </p>
            <ul class="signin__providers" role="list">
              {providers.map((p) => (
                <li>
                  <a class={`button signin__provider signin__provider--${p.name}`} href={`/auth/${p.name}?return_to=${back}`} safe>
                    {t('signin.with', { provider: p.label })}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div class="empty-state">
            <p class="empty-state__title" safe>
              {t('signin.unconfigured')}
            </p>
            <p safe>{t('signin.unconfiguredHint')}</p>
            <ul class="signin__env" role="list">
              {PROVIDER_ENV.map(([provider, vars]) => (
                <li>
                  <span safe>{`${provider}:`}</span>
                  {vars.map((name) => (
                    <code safe>{name}</code>
                  ))}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </Layout>
  );
}
