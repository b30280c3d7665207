import type { SignInPageProps } from './types.ts';
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '../../../src/features/accounts/credentials/password-rules.ts';

/** The one-time owner account form of a fresh install (POST /login/owner). */
export function OwnerSetupForm({ ctx, returnTo, username }: SignInPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <form class="signin__form" method="post" action="/login/owner">
      <p class="signin__lead" safe>
        {t('signin.owner.lead')}
      </p>
      <input type="hidden" name="return_to" value={returnTo} />
      <label class="field">
        <span class="field__label" safe>{t('signin.username')}</span>
        <input name="username" autocomplete="username" required minlength="2" maxlength="32" pattern="[A-Za-z0-9_\-]{2,32}" value={username ?? ''} />
        <span class="field__hint" safe>{t('signin.usernameHint')}</span>
      </label>
      <label class="field">
        <span class="field__label" safe>{t('signin.password')}</span>
        <input name="password" type="password" autocomplete="new-password" required minlength={String(NEW_PASSWORD_MIN)} maxlength={String(NEW_PASSWORD_MAX)} />
        <span class="field__hint" safe>{t('joining.passwordHint', { min: NEW_PASSWORD_MIN })}</span>
      </label>
      <label class="field">
        <span class="field__label" safe>{t('signin.passwordConfirm')}</span>
        <input name="password_confirm" type="password" autocomplete="new-password" required minlength={String(NEW_PASSWORD_MIN)} maxlength={String(NEW_PASSWORD_MAX)} />
      </label>
      <button class="button button--primary" type="submit" safe>
        {t('signin.owner.submit')}
      </button>
    </form>
  );
}

/** Username and password, for accounts that have a password (POST /login). */
export function PasswordForm({ ctx, returnTo, username, providers }: SignInPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <form class="signin__form" method="post" action="/login">
      <h2 class="signin__subheading" safe>
        {providers.length > 0 ? t('signin.password.orHeading') : t('signin.password.heading')}
      </h2>
      <input type="hidden" name="return_to" value={returnTo} />
      <label class="field">
        <span class="field__label" safe>{t('signin.username')}</span>
        <input name="username" autocomplete="username" required maxlength="64" value={username ?? ''} />
      </label>
      <label class="field">
        <span class="field__label" safe>{t('signin.password')}</span>
        <input name="password" type="password" autocomplete="current-password" required maxlength="256" />
      </label>
      <button class="button button--primary" type="submit" safe>
        {t('signin.password.submit')}
      </button>
    </form>
  );
}
