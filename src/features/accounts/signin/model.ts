import { t } from 'elysia';

export const LoginBody = t.Object({
  username: t.String({ minLength: 1, maxLength: 64, error: 'username is required' }),
  password: t.String({ minLength: 1, maxLength: 256, error: 'password is required' }),
});

export const OwnerSetupBody = t.Object({
  username: t.String({ pattern: '^[A-Za-z0-9_-]{2,32}$', error: 'username must be 2-32 letters, digits, _ or -' }),
  // Its rules are checked by owner.ts, which names the one that was broken.
  password: t.String({ maxLength: 4096, error: 'password must be a string' }),
});

export const DebugLoginBody = t.Object({
  token: t.String({ maxLength: 512, error: 'token is required' }),
  username: t.String({ pattern: '^[A-Za-z0-9_-]{2,32}$', error: 'username must be 2-32 letters, digits, _ or -' }),
  // Not t.UnionEnum: Elysia fills an absent optional UnionEnum with its first value, which would
  // demote a pro or admin who signs in again without naming a role.
  role: t.Optional(t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin')], { error: 'role must be user, pro or admin' })),
  email: t.Optional(t.String({ format: 'email', maxLength: 254, error: 'email must be an email address' })),
});

/** The /login forms (owner set-up and password sign-in); checked by the routes, which re-render the page with the reason. */
export const SignInForm = t.Object(
  { username: t.Optional(t.String({ maxLength: 256 })), password: t.Optional(t.String({ maxLength: 1024 })), password_confirm: t.Optional(t.String({ maxLength: 1024 })), return_to: t.Optional(t.String({ maxLength: 2048 })) },
  { additionalProperties: true },
);
export const SignInPageQuery = t.Object({ return_to: t.Optional(t.String()), error: t.Optional(t.String({ maxLength: 32 })) });
