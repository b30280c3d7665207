import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { INVITE_ACTION, inviteRevokePath } from '../../../../src/features/accounts/admin/paths.ts';
import type { PendingInvite } from '../../../../src/features/accounts/admin/invites.ts';
import { INVITE_HOURS_DEFAULT } from '../../../../src/features/accounts/links/model.ts';
import { formatCreated } from '../shared/format.ts';
import { roleName } from './labels.ts';
import type { InviteFormState } from './types.ts';
import type { Role } from '../../../../src/platform/db/schema.ts';
import { RoleField } from './RoleField.tsx';

/** How long an invite may stay open: an hour, a day, a week (the default) or thirty days. */
const EXPIRIES = [1, 24, 7 * 24, 30 * 24] as const;

function expiryName(ctx: PageContext, hours: number): string {
  return hours < 24 ? ctx.t('users.hours', { count: hours }) : ctx.t('users.days', { count: hours / 24 });
}

/** Make an invite link (role, expiry) and the invites still pending, each with "Revoke". */
export function InviteSection({ ctx, invites, state }: { ctx: PageContext; invites: PendingInvite[]; state: InviteFormState | null }): JSX.Element {
  const { t } = ctx;
  const hours = Number(state?.hours) || INVITE_HOURS_DEFAULT;
  return (
    <section class="admin-users__box" id="invites" aria-labelledby="invites-heading">
      <h2 id="invites-heading" safe>
        {t('users.invite.title')}
      </h2>
      <p class="field__hint" safe>
        {t('users.invite.intro')}
      </p>
      <form method="post" action={INVITE_ACTION} class="admin-users__form">
        {state ? (
          <p class="notice notice--error" role="alert" safe>
            {state.problem}
          </p>
        ) : (
          ''
        )}
        <RoleField ctx={ctx} id="invite-role" label={t('users.invite.role')} selected={(state?.role as Role | undefined) ?? 'user'} />
        <div class="field">
          <label for="invite-expires" safe>
            {t('users.invite.expires')}
          </label>
          <select id="invite-expires" name="expires_in_hours">
            {EXPIRIES.map((h) => (
              <option value={String(h)} selected={h === hours} safe>
                {expiryName(ctx, h)}
              </option>
            ))}
          </select>
        </div>
        <p>
          <button type="submit" class="button" safe>
            {t('users.invite.submit')}
          </button>
        </p>
      </form>
      <h3 safe>{t('users.invites.title')}</h3>
      {invites.length === 0 ? (
        <p class="empty-state" safe>
          {t('users.invites.empty')}
        </p>
      ) : (
        <ul class="pending-invites" role="list">
          {invites.map((invite) => (
            <li class="pending-invite" id={`invite-${invite.id}`}>
              <span class="badge" safe>
                {roleName(ctx, invite.role)}
              </span>
              <span safe>{t('users.invites.expires', { date: formatCreated(ctx.locale, invite.expires_at) })}</span>
              {invite.created_by ? <span safe>{t('users.invites.by', { username: invite.created_by })}</span> : ''}
              <form method="post" action={inviteRevokePath(invite.id)}>
                <button type="submit" class="button button--quiet button--danger" safe>
                  {t('users.invites.revoke')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
