import type { PageContext } from '../../../src/platform/http/page-context.ts';
import type { FormProblem } from './types.ts';

type Field = { id: string; name: string; label: string; autocomplete: string; hint?: string };

/**
 * Set a password (an account from a login provider has none) or change it (the current one is
 * asked first). POST /account/password, 303 back; a refusal comes back in the form, its field marked.
 */
export function PasswordSection({ ctx, username, hasPassword, problem }: { ctx: PageContext; username: string; hasPassword: boolean; problem?: FormProblem }): JSX.Element {
  const { t } = ctx;
  const fields: Field[] = [
    ...(hasPassword ? [{ id: 'password-current', name: 'current_password', label: t('account.password.current'), autocomplete: 'current-password' }] : []),
    { id: 'password-new', name: 'new_password', label: t('account.password.new'), autocomplete: 'new-password', hint: t('account.password.rule') },
    { id: 'password-confirm', name: 'new_password_confirm', label: t('account.password.confirm'), autocomplete: 'new-password' },
  ];
  return (
    <section class="account-section account-form" id="password" aria-labelledby="account-password">
      <h2 id="account-password" safe>
        {t('account.password.heading')}
      </h2>
      <p class="account-section__intro" safe>
        {hasPassword ? t('account.password.introHas', { username }) : t('account.password.introNone', { username })}
      </p>
      <form method="post" action="/account/password" class="account-form__form">
        {/* For password managers: which account this password belongs to. */}
        <input type="text" name="username" value={username} autocomplete="username" hidden readonly />
        {fields.map((field) => {
          const invalid = problem?.field === field.name;
          const described = [invalid ? 'password-problem' : '', field.hint ? `${field.id}-hint` : ''].filter(Boolean).join(' ');
          return (
            <div class="field">
              <label for={field.id} safe>
                {field.label}
              </label>
              <input
                id={field.id}
                name={field.name}
                type="password"
                required
                minlength={field.name === 'current_password' ? undefined : '8'}
                maxlength="256"
                autocomplete={field.autocomplete}
                aria-invalid={invalid ? 'true' : undefined}
                aria-describedby={described || undefined}
                autofocus={invalid ? true : undefined}
              />
              {field.hint ? (
                <p class="field__hint" id={`${field.id}-hint`} safe>
                  {field.hint}
                </p>
              ) : (
                ''
              )}
            </div>
          );
        })}
        {problem ? (
          <p class="notice notice--error" role="alert" id="password-problem" safe>
            {problem.message}
          </p>
        ) : (
          ''
        )}
        <p class="account-form__actions">
          <button type="submit" class="button" id="password-submit" safe>
            {t(hasPassword ? 'account.password.change' : 'account.password.set')}
          </button>
        </p>
      </form>
    </section>
  );
}
