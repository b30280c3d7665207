import { Elysia, t } from 'elysia';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { AccountsDeps } from '../accounts/service.ts';
import { findAccounts, setRole } from '../accounts/admin-service.ts';
import { RoleBody, UserIdParams } from '../accounts/model.ts';
import { publicUser } from '../accounts/api-routes.ts';

const AdminUser = t.Object({ id: t.String(), username: t.String(), role: t.String(), email: t.Union([t.String(), t.Null()]), created: t.String() });

/** Admin-only user management: every route here answers 403 to anyone without the admin role. */
export function adminUserRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'admin-users' })
    .use(auth)
    .get('/api/admin/users', async ({ query }) => ({ users: await findAccounts(deps.db, query.q ?? null, 200) }), {
      auth: 'admin',
      query: t.Object({ q: t.Optional(t.String({ maxLength: 64 })) }),
      response: t.Object({ users: t.Array(AdminUser) }),
      detail: { tags: ['admin'], summary: 'Users, newest first (filter by part of the username)' },
    })
    .patch('/api/admin/users/:id', async ({ params, body }) => ({ user: publicUser(await setRole(deps.db, params.id, body.role), deps.config.baseUrl) }), {
      auth: 'admin',
      params: UserIdParams,
      body: RoleBody,
      detail: { tags: ['admin'], summary: "Change a user's role" },
    });
}
