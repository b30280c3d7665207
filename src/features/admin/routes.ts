import { Elysia, t } from 'elysia';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AccountsDeps } from '../accounts/service.ts';
import { listUsers, updateUser } from '../accounts/queries.ts';
import { RoleBody, UserIdParams } from '../accounts/model.ts';
import { publicUser } from '../accounts/api-routes.ts';

const AdminUser = t.Object({ id: t.String(), username: t.String(), role: t.String(), email: t.Union([t.String(), t.Null()]), created: t.String() });

/** Admin-only user management: every route here answers 403 to anyone without the admin role. */
export function adminUserRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'admin-users' })
    .use(auth)
    .get('/api/admin/users', async ({ query }) => {
      const rows = await listUsers(deps.db, query.q ?? null, 200);
      return { users: rows.map((u) => ({ id: u.id, username: u.username, role: u.role, email: u.email, created: new Date(u.created_at).toISOString() })) };
    }, {
      auth: 'admin',
      query: t.Object({ q: t.Optional(t.String({ maxLength: 64 })) }),
      response: t.Object({ users: t.Array(AdminUser) }),
      detail: { tags: ['admin'], summary: 'Users, newest first (filter by part of the username)' },
    })
    .patch('/api/admin/users/:id', async ({ params, body }) => {
      // The role is read fresh on every request: the change applies on the user's next request.
      const row = await updateUser(deps.db, params.id, { role: body.role });
      if (!row) throw notFound('User not found');
      return { user: publicUser(row, deps.config.baseUrl) };
    }, { auth: 'admin', params: UserIdParams, body: RoleBody, detail: { tags: ['admin'], summary: "Change a user's role" } });
}
