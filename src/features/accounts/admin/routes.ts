import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { AccountsDeps } from '../service.ts';
import { publicUser } from '../users.ts';
import { AdminUsersResponse, RoleBody, UserIdParams, UsersQuery } from './model.ts';
import { findAccounts, setRole } from './service.ts';

/** Admin-only user management: every route here answers 403 to anyone without the admin role. */
export function adminUserRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'admin-users' })
    .use(auth)
    .get('/api/admin/users', async ({ query }) => ({ users: await findAccounts(deps.db, query.q ?? null, 200) }), {
      auth: 'admin',
      query: UsersQuery,
      response: AdminUsersResponse,
      detail: { tags: ['admin'], summary: 'Users, newest first (filter by part of the username)' },
    })
    .patch('/api/admin/users/:id', async ({ params, body }) => ({ user: publicUser(await setRole(deps.db, params.id, body.role), deps.config.baseUrl) }), {
      auth: 'admin',
      params: UserIdParams,
      body: RoleBody,
      detail: { tags: ['admin'], summary: "Change a user's role" },
    });
}
