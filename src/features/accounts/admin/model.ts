import { t } from 'elysia';
import { INVITE_HOURS_MAX } from '../links/model.ts';

/** Users a page of GET /api/admin/users holds (and the Users page shows). */
export const USERS_PAGE_SIZE = 25;
/** Entries a page of GET /api/admin/audit holds. */
export const AUDIT_PAGE_SIZE = 50;
/** Pending invites the Users page and GET /api/admin/invites list. */
export const INVITES_SHOWN = 100;

export const ROLES = ['user', 'pro', 'admin'] as const;
/** The list's filter: a role, or the disabled accounts whatever their role. */
export const ROLE_FILTERS = [...ROLES, 'disabled'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

// Unions of literals, not t.UnionEnum: Elysia gives that its first value as a default, which would fill in an absent optional field.
const RoleField = t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin')], { error: 'role must be user, pro or admin' });
const RoleFilterField = t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin'), t.Literal('disabled')], { error: 'role must be user, pro, admin or disabled' });
const UserId = t.String({ format: 'uuid', error: 'id must be a user id' });

export const UserIdParams = t.Object({ id: UserId });
export const UsersQuery = t.Object({
  q: t.Optional(t.String({ maxLength: 64, error: 'q must be at most 64 characters' })),
  role: t.Optional(RoleFilterField),
  page: t.Optional(t.Numeric({ minimum: 1, maximum: 100_000, multipleOf: 1, error: 'page must be a whole number of at least 1' })),
});

export const AdminUser = t.Object(
  {
    id: t.String(),
    username: t.String(),
    role: RoleField,
    email: t.Union([t.String(), t.Null()]),
    pro_until: t.Union([t.String(), t.Null()]),
    disabled: t.Boolean(),
    sign_in_methods: t.Array(t.String()),
    last_seen: t.Union([t.String(), t.Null()]),
    sessions: t.Integer(),
    created: t.String(),
  },
  { title: 'AdminUser', description: 'An account as the admin user tools show it' },
);
export type AdminUser = typeof AdminUser.static;
export const AdminUserResponse = t.Object({ user: AdminUser });
export const AdminUsersResponse = t.Object({ users: t.Array(AdminUser), page: t.Integer(), has_more: t.Boolean() });

// Lengths and shapes are checked by the services, which name the rule that was missed.
export const CreateUserBody = t.Object({
  username: t.String({ maxLength: 256, error: 'username must be a string' }),
  password: t.Optional(t.String({ maxLength: 4096, error: 'password must be a string' })),
  role: t.Optional(RoleField),
  email: t.Optional(t.String({ maxLength: 1024, error: 'email must be an email address' })),
});
export const CreatedUserResponse = t.Object({ user: AdminUser, set_password_url: t.Optional(t.String()), set_password_expires_at: t.Optional(t.String()) });

export const PatchUserBody = t.Object({
  role: t.Optional(RoleField),
  pro_until: t.Optional(t.Union([t.String({ maxLength: 64 }), t.Null()], { error: 'pro_until must be a date, a date and time (ISO 8601) or null' })),
  disabled: t.Optional(t.Boolean({ error: 'disabled must be true or false' })),
});
export type AccountChange = typeof PatchUserBody.static;

export const LinkResponse = t.Object({ url: t.String(), expires_at: t.String() });

export const INVITE_HOURS_ERROR = `expires_in_hours must be a whole number from 1 to ${INVITE_HOURS_MAX}`;
export const InviteBody = t.Object({
  role: t.Optional(RoleField),
  expires_in_hours: t.Optional(t.Integer({ minimum: 1, maximum: INVITE_HOURS_MAX, error: INVITE_HOURS_ERROR })),
});
/** An invite's id is the start of its token's hash: enough to name it, useless to join with. */
export const INVITE_ID_LENGTH = 16;
export const InviteParams = t.Object({ id: t.String({ pattern: `^[0-9a-f]{${INVITE_ID_LENGTH}}$`, error: 'id must be an invite id' }) });
export const Invite = t.Object(
  { id: t.String(), role: RoleField, created: t.String(), expires_at: t.String(), created_by: t.Union([t.String(), t.Null()]) },
  { title: 'Invite', description: 'A pending invite (the link itself was shown once, when it was made)' },
);
export const InviteResponse = t.Object({ id: t.String(), url: t.String(), expires_at: t.String() });
export const InvitesResponse = t.Object({ invites: t.Array(Invite) });

export const AuditQuery = t.Object({
  user: t.Optional(t.String({ format: 'uuid', error: 'user must be a user id' })),
  before: t.Optional(t.String({ pattern: '^[1-9][0-9]{0,17}$', error: 'before must be the id of an audit entry' })),
});
export const AuditEntry = t.Object(
  {
    id: t.String(),
    actor: t.Object({ id: t.Union([t.String(), t.Null()]), username: t.String() }),
    action: t.String(),
    target: t.Union([t.Object({ id: t.Union([t.String(), t.Null()]), username: t.Union([t.String(), t.Null()]) }), t.Null()]),
    detail: t.Record(t.String(), t.Unknown()),
    at: t.String(),
  },
  { title: 'AuditEntry', description: 'What an admin (or a person joining) did' },
);
export const AuditResponse = t.Object({ entries: t.Array(AuditEntry), has_more: t.Boolean() });
