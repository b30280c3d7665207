import { Elysia, t } from 'elysia';
import type { AuthPlugin, CallerUser } from '../../../platform/http/auth.ts';
import type { Role } from '../../../platform/db/schema.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { PRIVATE, see } from '../../../platform/http/form-pages.ts';
import { UsersPage } from '../../../../views/pages/admin/users/UsersPage.tsx';
import { UserList } from '../../../../views/pages/admin/users/UserList.tsx';
import type { CreateFormState, InviteFormState, IssuedLinkShown } from '../../../../views/pages/admin/users/types.ts';
import type { Notice } from '../../../../views/pages/admin/shared/notice.ts';
import { issuePasswordReset, removeAccount, signOutEverywhere, type AccountRemoval } from './access.ts';
import { createAccount } from './creation.ts';
import { issueInvite, listInvites, revokeInvite } from './invites.ts';
import { ADMIN_USER_ERRORS } from './messages.ts';
import { INVITE_HOURS_ERROR, InviteParams, ROLES, UserIdParams } from './model.ts';
import { BackForm, CreateUserForm, DeleteForm, InviteForm, isDone, RoleForm, UsersPageQuery, type Done } from './page-model.ts';
import { pageProblem } from './page-errors.ts';
import { backState, CREATE_USER_ACTION, FIRST_PAGE, INVITE_ACTION, listStateOf, USERS_PAGE, usersPageUrl, type ListState } from './paths.ts';
import { auditPage, changeAccount, findAccount, findAccounts, type AdminDeps } from './service.ts';
import { INVITE_HOURS_MAX } from '../links/model.ts';

/** The list swaps its content (search, filter, paging) by htmx; the whole page otherwise, history restores included. */
const HEADERS = { ...PRIVATE, vary: 'HX-Request, HX-Target' };
const swapsTheList = (request: Request) =>
  request.headers.get('hx-request') === 'true' && request.headers.get('hx-target') === 'users-list' && request.headers.get('hx-history-restore-request') !== 'true';

const searchOf = (state: ListState) => ({ q: state.q || undefined, role: state.role ?? undefined, page: state.page });

function formRole(text: string | undefined): Role {
  const role = text ?? 'user';
  if (!(ROLES as readonly string[]).includes(role)) throw badRequest('role must be user, pro or admin');
  return role as Role;
}

function formHours(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const hours = /^[0-9]{1,4}$/.test(text) ? Number(text) : 0;
  if (hours < 1 || hours > INVITE_HOURS_MAX) throw badRequest(INVITE_HOURS_ERROR);
  return hours;
}

interface PageParts {
  notice?: Notice | null;
  link?: IssuedLinkShown | null;
  createForm?: CreateFormState | null;
  inviteForm?: InviteFormState | null;
  auditBefore?: string | null;
}

/**
 * /admin/users and its forms (admins only, like every /admin path). Each form is a plain POST:
 * a change answers 303 back to the list it came from with a notice (`?done=`); a one-time link
 * (set-password, reset, invite) is shown in the answer itself, once; a refusal shows the page
 * again with the reason in the reader's language and the refusal's status.
 */
export function adminUserPageRoutes(deps: AdminDeps, auth: AuthPlugin, env: PageEnvironment, removal: AccountRemoval) {
  const contextFor = (request: Request, state: ListState) => ({ ...pageContext(request, env), path: usersPageUrl(state) });
  const phrase = (request: Request, key: string) => pageContext(request, env).t(key);

  async function page(request: Request, viewer: CallerUser, state: ListState, parts: PageParts = {}, status = 200): Promise<Response> {
    const before = parts.auditBefore ?? null;
    const [list, invites, audit] = await Promise.all([findAccounts(deps.db, searchOf(state)), listInvites(deps), auditPage(deps.db, { before: before ?? undefined })]);
    const html = UsersPage({
      ctx: contextFor(request, state),
      users: list.users,
      state,
      hasMore: list.has_more,
      viewerId: viewer.id,
      now: deps.clock(),
      notice: parts.notice ?? null,
      link: parts.link ?? null,
      invites,
      audit: { entries: audit.entries, hasMore: audit.has_more, before },
      createForm: parts.createForm ?? null,
      inviteForm: parts.inviteForm ?? null,
    });
    return htmlResponse(html, status, HEADERS);
  }

  function refused(request: Request, viewer: CallerUser, state: ListState, error: unknown): Promise<Response> {
    const problem = pageProblem(error);
    return page(request, viewer, state, { notice: { level: 'error', message: phrase(request, problem.key) } }, problem.status);
  }

  /** A row's form: the change, then 303 back to the list it was posted from. */
  async function rowAction(request: Request, viewer: CallerUser, back: string | undefined, action: () => Promise<Done>): Promise<Response> {
    const state = backState(back);
    try {
      return see(usersPageUrl(state, { done: await action() }));
    } catch (error) {
      return refused(request, viewer, state, error);
    }
  }

  const guard = { auth: 'admin' as const, detail: { hide: true } };
  const row = { ...guard, params: UserIdParams };

  return new Elysia({ name: 'admin-users-pages' })
    .use(auth)
    .get(USERS_PAGE, async ({ request, query, user }) => {
      const state = listStateOf(query);
      if (swapsTheList(request)) {
        const list = await findAccounts(deps.db, searchOf(state));
        const html = UserList({ ctx: contextFor(request, state), users: list.users, state, hasMore: list.has_more, viewerId: user.id, now: deps.clock() });
        return htmlResponse(html, 200, HEADERS);
      }
      const notice: Notice | null = isDone(query.done) ? { level: 'ok', message: phrase(request, `users.done.${query.done}`) } : null;
      const auditBefore = /^[1-9][0-9]{0,17}$/.test(query.audit_before ?? '') ? query.audit_before! : null;
      return page(request, user, state, { notice, auditBefore });
    }, { ...guard, query: UsersPageQuery })
    .post(CREATE_USER_ACTION, async ({ request, body, user }) => {
      const typed = { username: (body?.username ?? '').slice(0, 64), role: body?.role ?? 'user', email: (body?.email ?? '').slice(0, 254) };
      try {
        const made = await createAccount(deps, user, { ...typed, role: formRole(typed.role), password: body?.password });
        if (!made.link) return see(usersPageUrl(FIRST_PAGE, { done: 'created' }));
        const link: IssuedLinkShown = { kind: 'setPassword', url: made.link.url, expiresAt: made.link.expiresAt.toISOString(), username: made.user.username };
        return page(request, user, FIRST_PAGE, { notice: { level: 'ok', message: phrase(request, 'users.done.created') }, link });
      } catch (error) {
        const problem = pageProblem(error);
        return page(request, user, FIRST_PAGE, { createForm: { ...typed, problem: phrase(request, problem.key) } }, problem.status);
      }
    }, { ...guard, body: t.Optional(CreateUserForm) })
    .post(INVITE_ACTION, async ({ request, body, user }) => {
      const typed = { role: body?.role ?? 'user', hours: body?.expires_in_hours ?? '' };
      try {
        const invite = await issueInvite(deps, user, { role: formRole(typed.role), expiresInHours: formHours(typed.hours) });
        return page(request, user, FIRST_PAGE, { link: { kind: 'invite', url: invite.url, expiresAt: invite.expiresAt.toISOString() } });
      } catch (error) {
        const problem = pageProblem(error);
        return page(request, user, FIRST_PAGE, { inviteForm: { ...typed, problem: phrase(request, problem.key) } }, problem.status);
      }
    }, { ...guard, body: t.Optional(InviteForm) })
    .post('/admin/users/invites/:id/revoke', ({ request, params, user }) =>
      rowAction(request, user, undefined, async () => {
        await revokeInvite(deps, user, params.id);
        return 'inviteRevoked';
      }), { ...guard, params: InviteParams })
    .post('/admin/users/:id/role', ({ request, params, body, user }) =>
      rowAction(request, user, body?.back, async () => {
        const role = formRole(body?.role);
        const typed = body?.pro_until?.trim() ?? '';
        const current = await findAccount(deps.db, params.id);
        // The form shows the stored end as its day: sent back unchanged, the exact moment stays.
        const proUntil = role !== 'pro' || typed === '' ? null : current.pro_until?.slice(0, 10) === typed ? undefined : typed;
        await changeAccount(deps, user, params.id, { role, pro_until: proUntil });
        return 'role';
      }), { ...row, body: t.Optional(RoleForm) })
    .post('/admin/users/:id/sign-out', ({ request, params, body, user }) =>
      rowAction(request, user, body?.back, async () => {
        await signOutEverywhere(deps, user, params.id);
        return 'signedOut';
      }), { ...row, body: t.Optional(BackForm) })
    .post('/admin/users/:id/disable', ({ request, params, body, user }) =>
      rowAction(request, user, body?.back, async () => {
        await changeAccount(deps, user, params.id, { disabled: true });
        return 'disabled';
      }), { ...row, body: t.Optional(BackForm) })
    .post('/admin/users/:id/enable', ({ request, params, body, user }) =>
      rowAction(request, user, body?.back, async () => {
        await changeAccount(deps, user, params.id, { disabled: false });
        return 'enabled';
      }), { ...row, body: t.Optional(BackForm) })
    .post('/admin/users/:id/password-reset', async ({ request, params, body, user }) => {
      const state = backState(body?.back);
      try {
        const account = await findAccount(deps.db, params.id);
        const link = await issuePasswordReset(deps, user, params.id);
        return page(request, user, state, { link: { kind: 'reset', url: link.url, expiresAt: link.expiresAt.toISOString(), username: account.username } });
      } catch (error) {
        return refused(request, user, state, error);
      }
    }, { ...row, body: t.Optional(BackForm) })
    .post('/admin/users/:id/delete', ({ request, params, body, user }) =>
      rowAction(request, user, body?.back, async () => {
        const account = await findAccount(deps.db, params.id);
        if ((body?.confirm ?? '').trim() !== account.username) throw badRequest(ADMIN_USER_ERRORS.confirmMismatch);
        await removeAccount(deps, removal, user, params.id);
        return 'deleted';
      }), { ...row, body: t.Optional(DeleteForm) });
}
