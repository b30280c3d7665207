import { t } from 'elysia';

// Lengths are generous here: the service checks the rules (username, new-password rules) and
// names the one that was broken.
const Token = t.String({ maxLength: 512, error: 'token is required' });
const Username = t.String({ maxLength: 256, error: 'username is required' });
const Password = t.String({ maxLength: 4096, error: 'password is required' });

export const JoinBody = t.Object({ token: Token, username: Username, password: Password });
export const SetPasswordBody = t.Object({ token: Token, password: Password });
export const RegisterBody = t.Object({
  username: Username,
  password: Password,
  email: t.Optional(t.Union([t.String({ maxLength: 1024 }), t.Null()], { error: 'email must be an email address' })),
});

// Any text: a malformed token is an unknown link (404 page), not a 400.
export const LinkParams = t.Object({ token: t.String() });
/** Why joining through a provider came back unfinished (`denied`, `failed`). */
export const JoinPageQuery = t.Object({ error: t.Optional(t.String({ maxLength: 32 })) });

/** The forms of /join, /set-password and /signup; checked by the routes, which show the page again with the reason. */
const field = (max: number) => t.Optional(t.String({ maxLength: max }));
export const NewAccountForm = t.Object(
  { username: field(256), password: field(4096), password_confirm: field(4096), email: field(1024) },
  { additionalProperties: true },
);
export const NewPasswordForm = t.Object({ password: field(4096), password_confirm: field(4096) }, { additionalProperties: true });
