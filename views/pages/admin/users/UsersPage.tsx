import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { ROLE_FILTERS } from '../../../../src/features/accounts/admin/model.ts';
import { USERS_PAGE, type ListState } from '../../../../src/features/accounts/admin/paths.ts';
import { Layout } from '../../../layouts/Layout.tsx';
import { NoticeLine } from '../shared/NoticeLine.tsx';
import { AuditLog } from './AuditLog.tsx';
import { CreateAccountForm } from './CreateAccountForm.tsx';
import { InviteSection } from './InviteSection.tsx';
import { IssuedLink } from './IssuedLink.tsx';
import { UserList } from './UserList.tsx';
import type { UsersPageProps } from './types.ts';

const FILTER_NAMES = { user: 'users.filter.user', pro: 'users.filter.pro', admin: 'users.filter.admin', disabled: 'users.filter.disabled' } as const;

/**
 * The search and the role filter. A plain GET form; with htmx, typing (after a pause), choosing a
 * filter or submitting swaps only the list and puts the search in the address.
 */
function SearchForm({ ctx, state }: { ctx: PageContext; state: ListState }): JSX.Element {
  const { t } = ctx;
  return (
    <form
      class="admin-users__search"
      method="get"
      action={USERS_PAGE}
      role="search"
      hx-get={USERS_PAGE}
      hx-target="#users-list"
      hx-swap="outerHTML"
      hx-push-url="true"
      hx-trigger="submit, input changed delay:400ms from:#users-q, change from:#users-role"
    >
      <div class="field">
        <label for="users-q" safe>
          {t('users.search.label')}
        </label>
        <input id="users-q" name="q" type="search" value={state.q} maxlength="64" autocomplete="off" spellcheck="false" />
      </div>
      <div class="field">
        <label for="users-role" safe>
          {t('users.filter.label')}
        </label>
        <select id="users-role" name="role">
          <option value="" selected={state.role === null} safe>
            {t('users.filter.all')}
          </option>
          {ROLE_FILTERS.map((role) => (
            <option value={role} selected={state.role === role} safe>
              {t(FILTER_NAMES[role])}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="button button--quiet" safe>
        {t('users.search.submit')}
      </button>
    </form>
  );
}

/**
 * /admin/users: every account with what it is and what can be done to it, creating accounts and
 * invites, and the audit log. Every form works without JavaScript (a POST, then the page again).
 */
export function UsersPage(props: UsersPageProps): JSX.Element {
  const { ctx, state, notice, link, invites, audit, createForm, inviteForm } = props;
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('users.title')} noindex>
      <section class="admin-users" aria-labelledby="users-heading">
        <p>
          <a href="/admin" safe>
            {t('admin.back')}
          </a>
        </p>
        <h1 id="users-heading" safe>
          {t('users.title')}
        </h1>
        <p class="admin-users__intro" safe>
          {t('users.intro')}
        </p>
        <NoticeLine notice={notice} />
        {link ? <IssuedLink ctx={ctx} link={link} /> : ''}
        <SearchForm ctx={ctx} state={state} />
        <UserList {...props} />
        <div class="admin-users__forms">
          <CreateAccountForm ctx={ctx} state={createForm} />
          <InviteSection ctx={ctx} invites={invites} state={inviteForm} />
        </div>
        <AuditLog ctx={ctx} audit={audit} />
      </section>
      <script src={ctx.asset('js/admin-users.js')} defer></script>
    </Layout>
  );
}
