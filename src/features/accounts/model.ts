import { t } from 'elysia';

export const PublicUser = t.Object({
  id: t.String(),
  username: t.String(),
  role: t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin')]),
  email: t.Union([t.String(), t.Null()]),
  avatar_url: t.Union([t.String(), t.Null()]),
});
export const UserResponse = t.Object({ user: PublicUser });

export const LoginBody = t.Object({
  username: t.String({ minLength: 1, maxLength: 64, error: 'username is required' }),
  password: t.String({ minLength: 1, maxLength: 256, error: 'password is required' }),
});

export const OwnerSetupBody = t.Object({
  username: t.String({ pattern: '^[A-Za-z0-9_-]{2,32}$', error: 'username must be 2-32 letters, digits, _ or -' }),
  password: t.String({ minLength: 8, maxLength: 256, error: 'password must be at least 8 characters' }),
});

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const ChangePasswordBody = t.Object({
  current_password: t.Optional(t.String({ maxLength: 4096, error: 'current_password must be a string' })),
  // Lengths are checked by credentials.ts, which names the limit that was missed.
  new_password: t.String({ maxLength: 4096, error: `new_password must be a string of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` }),
});

/** An address as stored: checked by credentials.ts after trimming, so " a@b.example " is accepted. */
export const EmailAddress = t.String({ format: 'email', maxLength: 254 });
export const ChangeEmailBody = t.Object({
  email: t.String({ maxLength: 1024, error: 'email must be an email address' }),
});

/** The account page's forms (application/x-www-form-urlencoded); checked by the routes, not the schema. */
export const PasswordForm = t.Object(
  { current_password: t.Optional(t.String({ maxLength: 1024 })), new_password: t.Optional(t.String({ maxLength: 1024 })), new_password_confirm: t.Optional(t.String({ maxLength: 1024 })) },
  { additionalProperties: true },
);
export const EmailForm = t.Object({ email: t.Optional(t.String({ maxLength: 1024 })) }, { additionalProperties: true });

export const DebugLoginBody = t.Object({
  token: t.String({ maxLength: 512, error: 'token is required' }),
  username: t.String({ pattern: '^[A-Za-z0-9_-]{2,32}$', error: 'username must be 2-32 letters, digits, _ or -' }),
  // Not t.UnionEnum: Elysia fills an absent optional UnionEnum with its first value, which would
  // demote a pro or admin who signs in again without naming a role.
  role: t.Optional(t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin')], { error: 'role must be user, pro or admin' })),
  email: t.Optional(t.String({ format: 'email', maxLength: 254, error: 'email must be an email address' })),
});

export const SessionItem = t.Object({
  id: t.String(),
  user_agent: t.String(),
  ip: t.String(),
  created: t.String(),
  last_seen: t.String(),
  current: t.Boolean(),
});
export const SessionsResponse = t.Object({ sessions: t.Array(SessionItem) });
export const SessionParams = t.Object({ id: t.String({ maxLength: 128 }) });

export const RoleBody = t.Object({ role: t.UnionEnum(['user', 'pro', 'admin'], { error: 'role must be user, pro or admin' }) });
export const UserIdParams = t.Object({ id: t.String({ format: 'uuid', error: 'id must be a user id' }) });
