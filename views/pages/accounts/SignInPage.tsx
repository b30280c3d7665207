import { Layout } from '../../layouts/Layout.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import type { SignInPageProps } from './types.ts';
import { OwnerSetupForm, PasswordForm } from './SignInForms.tsx';

/** What an admin sets to enable each provider (src/config.ts); brand names need no translation. */
const PROVIDER_ENV: ReadonlyArray<readonly [provider: string, vars: string[]]> = [
  ['Google', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']],
  ['GitHub', ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET']],
  ['OpenID Connect', ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']],
];

/**
 * /login: on a fresh install, the one-time owner account form first; one button per configured
 * provider (readers can sign in before the owner exists); when some account has a password, the
 * password form. Each comes back to returnTo.
 */
export function SignInPage(props: SignInPageProps): JSX.Element {
  const { ctx, providers, error, ownerSetup, passwordLogin, signUp } = props;
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={ownerSetup ? t('signin.owner.heading') : t('signin.title')}>
      <section class="signin">
        <h1 safe>{ownerSetup ? t('signin.owner.heading') : t('signin.heading', { site: t('site.name') })}</h1>
        {error ? (
          <p class="notice notice--error" role="alert" safe>
            {error}
          </p>
        ) : (
          ''
        )}
        {ownerSetup ? <OwnerSetupForm {...props} /> : ''}
        {providers.length > 0 ? <ProviderButtons {...props} /> : ''}
        {!ownerSetup && passwordLogin ? <PasswordForm {...props} /> : ''}
        {!ownerSetup && signUp ? (
          <p class="signin__lead">
            <a href="/signup" safe>
              {t('joining.signup.link')}
            </a>
          </p>
        ) : (
          ''
        )}
        {!ownerSetup && !passwordLogin && !signUp && providers.length === 0 ? <Unconfigured ctx={ctx} /> : ''}
      </section>
    </Layout>
  );
}

function ProviderButtons({ ctx, providers, returnTo, ownerSetup }: SignInPageProps): JSX.Element {
  const back = encodeURIComponent(returnTo);
  return (
    <>
      {ownerSetup ? (
        <h2 class="signin__subheading" safe>
          {ctx.t('signin.readersHeading')}
        </h2>
      ) : (
        ''
      )}
      <p class="signin__lead" safe>
        {ctx.t('signin.lead')}
      </p>
      <ul class="signin__providers" role="list">
        {providers.map((p) => (
          <li>
            <a class={`button signin__provider signin__provider--${p.name}`} href={`/auth/${p.name}?return_to=${back}`} safe>
              {ctx.t('signin.with', { provider: p.label })}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function Unconfigured({ ctx }: { ctx: PageContext }): JSX.Element {
  return (
    <div class="empty-state">
      <p class="empty-state__title" safe>
        {ctx.t('signin.unconfigured')}
      </p>
      <p safe>{ctx.t('signin.unconfiguredHint')}</p>
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
  );
}
