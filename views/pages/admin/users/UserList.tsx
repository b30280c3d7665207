import { listQuery, usersPageUrl } from '../../../../src/features/accounts/admin/paths.ts';
import type { UserListProps } from './types.ts';
import { UserCard } from './UserCard.tsx';

/** Paging links load the other page into the list with htmx (the address follows); plain links without it. */
function PageLink({ href, label, rel }: { href: string; label: string; rel: 'prev' | 'next' }): JSX.Element {
  return (
    <a class="button button--quiet" href={href} rel={rel} hx-get={href} hx-target="#users-list" hx-swap="outerHTML" hx-push-url="true" safe>
      {label}
    </a>
  );
}

/**
 * The accounts of one page of the search, as cards (they read on a phone as on a desk), and the
 * paging. This element is what the search form and the paging links swap (GET /admin/users with
 * `HX-Target: users-list` answers it alone).
 */
export function UserList({ ctx, users, state, hasMore, viewerId, now }: UserListProps): JSX.Element {
  const { t } = ctx;
  const back = listQuery(state).replace(/^\?/, '');
  const prev = state.page > 1 ? usersPageUrl({ ...state, page: state.page - 1 }) : null;
  const next = hasMore ? usersPageUrl({ ...state, page: state.page + 1 }) : null;
  return (
    <div id="users-list" class="admin-users__list">
      {users.length === 0 ? (
        <p class="empty-state" safe>
          {t('users.empty')}
        </p>
      ) : (
        <ul class="user-cards" role="list">
          {users.map((user) => (
            <UserCard ctx={ctx} user={user} back={back} self={user.id === viewerId} now={now} />
          ))}
        </ul>
      )}
      {prev || next ? (
        <nav class="admin-users__pager" aria-label={t('users.page', { page: state.page })}>
          {prev ? <PageLink href={prev} label={t('users.prev')} rel="prev" /> : ''}
          <span safe>{t('users.page', { page: state.page })}</span>
          {next ? <PageLink href={next} label={t('users.next')} rel="next" /> : ''}
        </nav>
      ) : (
        ''
      )}
    </div>
  );
}
