import type { PropsWithChildren } from '@kitajs/html';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { AdminUser } from '../../../../src/features/accounts/admin/model.ts';
import { userActionPath, type UserAction } from '../../../../src/features/accounts/admin/paths.ts';
import { RoleField } from './RoleField.tsx';

export type UserActionsProps = { ctx: PageContext; user: AdminUser; back: string };

/** A plain POST form (works without JavaScript) that returns to the list it came from (`back`). */
function ActionForm({ user, action, back, children, class: className }: PropsWithChildren<{ user: AdminUser; action: UserAction; back: string; class?: string }>): JSX.Element {
  return (
    <form method="post" action={userActionPath(user.id, action)} class={className ?? 'user-actions__form'}>
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

/**
 * What an admin can do to one account, folded away until asked for: the role (with an optional
 * "Pro until" day), sign out everywhere, a password reset link, disable or enable, and deletion,
 * which asks for the username typed again.
 */
export function UserActions({ ctx, user, back }: UserActionsProps): JSX.Element {
  const { t } = ctx;
  const ids = { role: `role-${user.id}`, until: `until-${user.id}`, hint: `until-hint-${user.id}`, confirm: `confirm-${user.id}` };
  return (
    <details class="user-actions">
      <summary safe>{t('users.actions', { username: user.username })}</summary>
      <ActionForm user={user} action="role" back={back} class="user-actions__form user-actions__role">
        <RoleField ctx={ctx} id={ids.role} label={t('users.roleForm.role')} selected={user.role} />
        <div class="field">
          <label for={ids.until} safe>
            {t('users.roleForm.proUntil')}
          </label>
          <input id={ids.until} name="pro_until" type="date" value={user.role === 'pro' && user.pro_until ? user.pro_until.slice(0, 10) : ''} aria-describedby={ids.hint} />
          <p class="field__hint" id={ids.hint} safe>
            {t('users.roleForm.proUntilHint')}
          </p>
        </div>
        <button type="submit" class="button" safe>
          {t('users.roleForm.save')}
        </button>
      </ActionForm>
      <div class="user-actions__buttons">
        <ActionForm user={user} action="sign-out" back={back}>
          <button type="submit" class="button button--quiet" safe>
            {t('users.signOut')}
          </button>
        </ActionForm>
        <ActionForm user={user} action="password-reset" back={back}>
          <button type="submit" class="button button--quiet" safe>
            {t('users.reset')}
          </button>
        </ActionForm>
        {user.disabled ? (
          <ActionForm user={user} action="enable" back={back}>
            <button type="submit" class="button button--quiet" safe>
              {t('users.enable')}
            </button>
          </ActionForm>
        ) : (
          <ActionForm user={user} action="disable" back={back}>
            <button type="submit" class="button button--quiet button--danger" aria-describedby={`disable-hint-${user.id}`} safe>
              {t('users.disable')}
            </button>
            <p class="field__hint" id={`disable-hint-${user.id}`} safe>
              {t('users.disableHint')}
            </p>
          </ActionForm>
        )}
      </div>
      <details class="user-actions__delete">
        <summary safe>{t('users.delete')}</summary>
        <ActionForm user={user} action="delete" back={back}>
          <p safe>{t('users.deleteWarning', { username: user.username })}</p>
          <div class="field">
            <label for={ids.confirm} safe>
              {t('users.deleteConfirm', { username: user.username })}
            </label>
            <input id={ids.confirm} name="confirm" type="text" required autocomplete="off" spellcheck="false" maxlength="64" />
          </div>
          <button type="submit" class="button button--danger" safe>
            {t('users.deleteSubmit')}
          </button>
        </ActionForm>
      </details>
    </details>
  );
}
