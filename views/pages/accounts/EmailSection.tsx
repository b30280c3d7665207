import type { PageContext } from '../../../src/platform/http/page-context.ts';
import type { AccountUser, FormProblem } from './types.ts';

/**
 * The account's email address and the form that changes it (POST /account/email, 303 back). An
 * address typed here is unverified: login providers are never linked through it.
 */
export function EmailSection({ ctx, user, problem }: { ctx: PageContext; user: AccountUser; problem?: FormProblem }): JSX.Element {
  const { t } = ctx;
  const value = problem?.value ?? user.email ?? '';
  return (
    <section class="account-section account-form" id="email" aria-labelledby="account-email">
      <h2 id="account-email" safe>
        {t('account.email.heading')}
      </h2>
      <p class="account-section__intro">
        {user.email ? (
          <>
            <span safe>{t('account.email.current', { email: user.email })}</span>{' '}
            <span class={`badge${user.emailVerified ? ' badge--current' : ''}`} id="email-state" safe>
              {t(user.emailVerified ? 'account.email.verified' : 'account.email.unverified')}
            </span>
          </>
        ) : (
          <span safe>{t('account.email.none')}</span>
        )}
      </p>
      <form method="post" action="/account/email" class="account-form__form">
        <div class="field">
          <label for="email-address" safe>
            {t('account.email.label')}
          </label>
          <input
            id="email-address"
            name="email"
            type="email"
            required
            maxlength="254"
            autocomplete="email"
            value={value}
            aria-describedby={problem ? 'email-problem email-hint' : 'email-hint'}
            aria-invalid={problem ? 'true' : undefined}
            autofocus={problem ? true : undefined}
          />
          <p class="field__hint" id="email-hint" safe>
            {t(user.role === 'pro' ? 'account.email.hintPro' : 'account.email.hint')}
          </p>
        </div>
        {problem ? (
          <p class="notice notice--error" role="alert" id="email-problem" safe>
            {problem.message}
          </p>
        ) : (
          ''
        )}
        <p class="account-form__actions">
          <button type="submit" class="button" id="email-submit" safe>
            {t('account.email.submit')}
          </button>
        </p>
      </form>
    </section>
  );
}
