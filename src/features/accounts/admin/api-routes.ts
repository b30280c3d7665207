import { Elysia, t } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { errorAnswers, NoContent } from '../../../platform/http/api-schemas.ts';
import { removeAccount, issuePasswordReset, signOutEverywhere, type AccountRemoval } from './access.ts';
import { createAccount } from './creation.ts';
import { issueInvite, listInvites, revokeInvite } from './invites.ts';
import {
  AdminUserResponse,
  AdminUsersResponse,
  AuditQuery,
  AuditResponse,
  CreatedUserResponse,
  CreateUserBody,
  InviteBody,
  InviteParams,
  InviteResponse,
  InvitesResponse,
  LinkResponse,
  PatchUserBody,
  UserIdParams,
  UsersQuery,
} from './model.ts';
import { auditPage, changeAccount, findAccounts, type AdminDeps } from './service.ts';

const noContent = () => new Response(null, { status: 204 });
const created = (body: unknown) => new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
const tags = ['admin'];

/** The JSON side of user administration (docs/api.md, "Admin: users"); 403 `Administrators only` to everyone else. */
export function adminUserApiRoutes(deps: AdminDeps, auth: AuthPlugin, removal: AccountRemoval) {
  return new Elysia({ name: 'admin-users-api' })
    .use(auth)
    .get('/api/admin/users', ({ query }) => findAccounts(deps.db, query), {
      auth: 'admin',
      query: UsersQuery,
      response: AdminUsersResponse,
      detail: { tags, summary: 'Users, 25 a page, newest first; q: part of the username or email; role: user, pro, admin or disabled' },
    })
    .post('/api/admin/users', async ({ body, user }) => {
      const made = await createAccount(deps, user, body);
      return created({ user: made.user, ...(made.link ? { set_password_url: made.link.url, set_password_expires_at: made.link.expiresAt.toISOString() } : {}) });
    }, {
      auth: 'admin',
      body: CreateUserBody,
      response: { 201: CreatedUserResponse, ...errorAnswers(409) },
      detail: { tags, summary: 'Create an account (201); without a password the answer carries a one-time set-password link' },
    })
    .patch('/api/admin/users/:id', async ({ params, body, user }) => ({ user: await changeAccount(deps, user, params.id, body) }), {
      auth: 'admin',
      params: UserIdParams,
      body: PatchUserBody,
      response: { 200: AdminUserResponse, ...errorAnswers(409) },
      detail: { tags, summary: 'Change role, "Pro until" and disabled; the last enabled admin stays (409)' },
    })
    .delete('/api/admin/users/:id', async ({ params, user }) => {
      await removeAccount(deps, removal, user, params.id);
      return noContent();
    }, { auth: 'admin', params: UserIdParams, response: { 204: NoContent, ...errorAnswers(409) }, detail: { tags, summary: 'Delete an account as its owner would (204); never the last enabled admin (409)' } })
    .post('/api/admin/users/:id/sign-out', async ({ params, user }) => {
      await signOutEverywhere(deps, user, params.id);
      return noContent();
    }, { auth: 'admin', params: UserIdParams, response: { 204: NoContent }, detail: { tags, summary: 'End every session, legacy token and app password of the account (204)' } })
    .post('/api/admin/users/:id/password-reset', async ({ params, user }) => {
      const link = await issuePasswordReset(deps, user, params.id);
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    }, { auth: 'admin', params: UserIdParams, response: LinkResponse, detail: { tags, summary: 'A one-time set-password link for the account (72 hours)' } })
    .get('/api/admin/invites', async () => ({ invites: await listInvites(deps) }), {
      auth: 'admin',
      response: InvitesResponse,
      detail: { tags, summary: 'Pending invites, newest first' },
    })
    .post('/api/admin/invites', async ({ body, user }) => {
      const invite = await issueInvite(deps, user, { role: body?.role, expiresInHours: body?.expires_in_hours });
      return created({ id: invite.id, url: invite.url, expires_at: invite.expiresAt.toISOString() });
    }, {
      auth: 'admin',
      // Optional: an empty POST makes a default invite.
      body: t.Optional(InviteBody),
      response: { 201: InviteResponse },
      detail: { tags, summary: 'A one-time invite link (201): role default user, 1 to 720 hours, default 168' },
    })
    .delete('/api/admin/invites/:id', async ({ params, user }) => {
      await revokeInvite(deps, user, params.id);
      return noContent();
    }, { auth: 'admin', params: InviteParams, response: { 204: NoContent }, detail: { tags, summary: 'Revoke a pending invite (204)' } })
    .get('/api/admin/audit', ({ query }) => auditPage(deps.db, query), {
      auth: 'admin',
      query: AuditQuery,
      response: AuditResponse,
      detail: { tags, summary: 'What admins did, newest first, 50 a page (user: entries about one account; before: the last id of the previous page)' },
    });
}
