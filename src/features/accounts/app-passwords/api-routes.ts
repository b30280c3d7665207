import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { Db } from '../../../platform/db/index.ts';
import type { Clock } from '../../../platform/clock.ts';
import { errorAnswers, NoContent } from '../../../platform/http/api-schemas.ts';
import { AppPasswordParams, AppPasswordsResponse, CreateAppPasswordBody, CreatedAppPassword } from './model.ts';
import { createAppPassword, listAppPasswords, revokeAppPassword } from './service.ts';

export interface AppPasswordDeps {
  db: Db;
  clock: Clock;
}

/**
 * /api/app-passwords: the signed-in reader's passwords for e-reader apps (docs/api.md, App
 * passwords). The password itself is in the creation answer only. Cookie writes pass the CSRF guard.
 */
export function appPasswordApiRoutes(deps: AppPasswordDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'app-passwords-api' })
    .use(auth)
    .get('/api/app-passwords', async ({ user }) => ({ app_passwords: await listAppPasswords(deps.db, user.id) }), {
      auth: 'user',
      response: AppPasswordsResponse,
      detail: { tags: ['auth'], summary: "The caller's active app passwords for e-reader apps (never the passwords)" },
    })
    .post('/api/app-passwords', async ({ body, user }) => {
      const created = await createAppPassword(deps.db, user.id, body.name ?? '');
      return new Response(JSON.stringify(created), { status: 201, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
    }, {
      auth: 'user',
      body: CreateAppPasswordBody,
      response: { 201: CreatedAppPassword, ...errorAnswers(409) },
      detail: { tags: ['auth'], summary: 'A new app password for an e-reader app (201; the password is shown in this answer only; 409 past 20)' },
    })
    .delete('/api/app-passwords/:id', async ({ params, user }) => {
      await revokeAppPassword(deps.db, user.id, params.id, deps.clock());
      return new Response(null, { status: 204 });
    }, { auth: 'user', params: AppPasswordParams, response: { 204: NoContent }, detail: { tags: ['auth'], summary: 'Revoke an app password (204; 404 for an unknown id or another reader’s)' } });
}
