import { t } from 'elysia';

export const RoleBody = t.Object({ role: t.UnionEnum(['user', 'pro', 'admin'], { error: 'role must be user, pro or admin' }) });
export const UserIdParams = t.Object({ id: t.String({ format: 'uuid', error: 'id must be a user id' }) });
export const UsersQuery = t.Object({ q: t.Optional(t.String({ maxLength: 64 })) });
export const AdminUser = t.Object({ id: t.String(), username: t.String(), role: t.String(), email: t.Union([t.String(), t.Null()]), created: t.String() });
export const AdminUsersResponse = t.Object({ users: t.Array(AdminUser) });
