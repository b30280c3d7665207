import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { AdminUser } from '../../../../src/features/accounts/admin/model.ts';
import { formatCreated } from '../shared/format.ts';
import { formatDateTime, formatLastSeen } from '../../accounts/last-seen.ts';
import { formatDay, methodName, roleName } from './labels.ts';
import { UserActions } from './UserActions.tsx';

export type UserCardProps = { ctx: PageContext; user: AdminUser; back: string; self: boolean; now: Date };

/** One account: who it is, its role and state, how it signs in, and what an admin can do to it. */
export function UserCard({ ctx, user, back, self, now }: UserCardProps): JSX.Element {
  const { t } = ctx;
  const methods = user.sign_in_methods.length ? user.sign_in_methods.map((m) => methodName(ctx, m)).join(', ') : t('users.method.none');
  return (
    <li class={`user-card${user.disabled ? ' user-card--disabled' : ''}`} id={`user-${user.id}`}>
      <div class="user-card__head">
        <h3 class="user-card__name" safe>
          {user.username}
        </h3>
        <span class={`badge user-card__role user-card__role--${user.role}`} safe>
          {roleName(ctx, user.role)}
        </span>
        {user.disabled ? (
          <span class="badge user-card__disabled" safe>
            {t('users.disabled')}
          </span>
        ) : (
          ''
        )}
        {self ? (
          <span class="badge" safe>
            {t('users.you')}
          </span>
        ) : (
          ''
        )}
      </div>
      <dl class="user-card__facts">
        <div>
          <dt safe>{t('users.col.email')}</dt>
          <dd safe>{user.email ?? t('users.noEmail')}</dd>
        </div>
        {user.role === 'pro' ? (
          <div>
            <dt safe>{t('users.col.proUntil')}</dt>
            <dd safe>{user.pro_until ? formatDay(ctx, user.pro_until) : t('users.proForever')}</dd>
          </div>
        ) : (
          ''
        )}
        <div>
          <dt safe>{t('users.col.methods')}</dt>
          <dd safe>{methods}</dd>
        </div>
        <div>
          <dt safe>{t('users.col.lastSeen')}</dt>
          <dd>
            {user.last_seen ? (
              <time datetime={user.last_seen} title={formatDateTime(ctx.locale, user.last_seen)} safe>
                {formatLastSeen(ctx.locale, user.last_seen, now)}
              </time>
            ) : (
              <span safe>{t('users.never')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt safe>{t('users.col.sessions')}</dt>
          <dd safe>{String(user.sessions)}</dd>
        </div>
        <div>
          <dt safe>{t('users.col.created')}</dt>
          <dd>
            <time datetime={user.created} safe>
              {formatCreated(ctx.locale, user.created)}
            </time>
          </dd>
        </div>
      </dl>
      <UserActions ctx={ctx} user={user} back={back} />
    </li>
  );
}
