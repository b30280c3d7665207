import { t } from 'elysia';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const ChangePasswordBody = t.Object({
  current_password: t.Optional(t.String({ maxLength: 4096, error: 'current_password must be a string' })),
  // Lengths are checked by service.ts, which names the limit that was missed.
  new_password: t.String({ maxLength: 4096, error: `new_password must be a string of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` }),
});

/** An address as stored: checked by service.ts after trimming, so " a@b.example " is accepted. */
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
