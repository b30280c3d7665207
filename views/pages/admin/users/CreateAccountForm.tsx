import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { CREATE_USER_ACTION } from '../../../../src/features/accounts/admin/paths.ts';
import type { CreateFormState } from './types.ts';
import type { Role } from '../../../../src/platform/db/schema.ts';
import { RoleField } from './RoleField.tsx';

/**
 * Create an account: a username, a password or none (then a one-time set-password link is shown),
 * a role and an optional email address. After a refusal the form comes back with what was typed
 * (never the password) and the reason.
 */
export function CreateAccountForm({ ctx, state }: { ctx: PageContext; state: CreateFormState | null }): JSX.Element {
  const { t } = ctx;
  const invalid = state ? 'true' : undefined;
  return (
    <section class="admin-users__box" id="create-account" aria-labelledby="create-account-heading">
      <h2 id="create-account-heading" safe>
        {t('users.create.title')}
      </h2>
      <form method="post" action={CREATE_USER_ACTION} class="admin-users__form">
        {state ? (
          <p class="notice notice--error" role="alert" id="create-account-problem" safe>
            {state.problem}
          </p>
        ) : (
          ''
        )}
        <div class="field">
          <label for="create-username" safe>
            {t('users.create.username')}
          </label>
          <input id="create-username" name="username" type="text" required maxlength="32" autocomplete="off" spellcheck="false" value={state?.username ?? ''} aria-invalid={invalid} aria-describedby="create-username-hint" />
          <p class="field__hint" id="create-username-hint" safe>
            {t('users.create.usernameHint')}
          </p>
        </div>
        <div class="field">
          <label for="create-password" safe>
            {t('users.create.password')}
          </label>
          <input id="create-password" name="password" type="password" minlength="10" maxlength="256" autocomplete="new-password" aria-describedby="create-password-hint" />
          <p class="field__hint" id="create-password-hint" safe>
            {t('users.create.passwordHint')}
          </p>
        </div>
        <RoleField ctx={ctx} id="create-role" label={t('users.roleForm.role')} selected={(state?.role as Role | undefined) ?? 'user'} />
        <div class="field">
          <label for="create-email" safe>
            {t('users.create.email')}
          </label>
          <input id="create-email" name="email" type="email" maxlength="254" autocomplete="off" value={state?.email ?? ''} />
        </div>
        <p>
          <button type="submit" class="button" safe>
            {t('users.create.submit')}
          </button>
        </p>
      </form>
    </section>
  );
}
