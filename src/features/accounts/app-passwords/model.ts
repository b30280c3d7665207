import { t } from 'elysia';
import { APP_PASSWORD_ERRORS } from './service.ts';

export const AppPasswordItem = t.Object(
  {
    id: t.String(),
    name: t.String(),
    created_at: t.String(),
    last_used_at: t.Union([t.String(), t.Null()]),
  },
  { title: 'AppPassword', description: 'A password for an e-reader app (never the password itself)' },
);
export const AppPasswordsResponse = t.Object({ app_passwords: t.Array(AppPasswordItem) });
/** The only answer that carries the password itself. */
export const CreatedAppPassword = t.Composite([AppPasswordItem, t.Object({ password: t.String() })], { title: 'NewAppPassword' });

// Missing, empty and too long are told apart by service.ts, which names the limit that was missed.
export const CreateAppPasswordBody = t.Object({
  name: t.Optional(t.String({ maxLength: 4096, error: APP_PASSWORD_ERRORS.nameTooLong })),
});
/** The account page's form (application/x-www-form-urlencoded); checked by the service, not the schema. */
export const CreateAppPasswordForm = t.Object({ name: t.Optional(t.String({ maxLength: 4096 })) }, { additionalProperties: true });
export const AppPasswordParams = t.Object({ id: t.String({ maxLength: 128 }) });
