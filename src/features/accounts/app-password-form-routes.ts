import { Elysia } from 'elysia';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { AppPasswordsSection } from '../../../views/pages/accounts/AppPasswordsSection.tsx';
import type { AppPasswordsState } from '../../../views/pages/accounts/types.ts';
import { AppPasswordParams, CreateAppPasswordForm } from '../app-passwords/model.ts';
import { APP_PASSWORD_ERRORS, createAppPassword, listAppPasswords, revokeAppPassword } from '../app-passwords/service.ts';
import { renderAccountPage } from './account-page.ts';
import type { AccountsDeps } from './service.ts';

const see = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
const LOGIN = '/login?return_to=%2Faccount';
const NO_STORE = { 'cache-control': 'no-store' };

/** A refusal of the service → the phrase the form shows. */
const PROBLEMS: Record<string, string> = {
  [APP_PASSWORD_ERRORS.nameMissing]: 'appPasswords.nameMissing',
  [APP_PASSWORD_ERRORS.nameTooLong]: 'appPasswords.nameTooLong',
  [APP_PASSWORD_ERRORS.tooMany]: 'appPasswords.tooMany',
};

/**
 * The account page's e-reader apps forms. POST /account/app-passwords answers the page (or, to
 * htmx, the section alone) with the new password shown once; it is never put in an address, so
 * there is no redirect. A refusal comes back in the form (4xx; 200 to htmx, which swaps only 2xx).
 * POST /account/app-passwords/:id/revoke is the no-JavaScript revoke (303 back with a notice).
 */
export function appPasswordFormRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment) {
  async function section(request: Request, caller: Caller, state: Omit<AppPasswordsState, 'passwords'>, status: number) {
    const passwords = (await listAppPasswords(deps.db, caller.user!.id)).map((p) => ({ id: p.id, name: p.name, created: p.created_at, lastUsed: p.last_used_at }));
    const ctx = pageContext(request, env);
    return htmlResponse(AppPasswordsSection({ ctx, username: caller.user!.username, passwords, ...state }), status, NO_STORE);
  }

  return new Elysia({ name: 'accounts-app-passwords' })
    .use(auth)
    .post('/account/app-passwords', async ({ body, request, caller }) => {
      if (!caller.user) return see(LOGIN);
      const typed = body?.name ?? '';
      const htmx = request.headers.get('hx-request') === 'true';
      try {
        const created = await createAppPassword(deps.db, caller.user.id, typed);
        const shown = { name: created.name, password: created.password };
        if (htmx) return section(request, caller, { created: shown }, 201);
        return renderAccountPage(deps, env, request, caller.user, caller.sessionId, { appPasswordCreated: shown }, 201);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const key = PROBLEMS[error.message] ?? 'account.tooMany';
        const value = typed.slice(0, 60);
        if (htmx) return section(request, caller, { problem: { message: pageContext(request, env).t(key), field: 'name', value } }, 200);
        return renderAccountPage(deps, env, request, caller.user, caller.sessionId, { problems: { appPassword: { key, value } } }, error.status);
      }
    }, { body: CreateAppPasswordForm, detail: { hide: true } })
    .post('/account/app-passwords/:id/revoke', async ({ params, caller }) => {
      if (!caller.user) return see(LOGIN);
      await revokeAppPassword(deps.db, caller.user.id, params.id, deps.clock());
      return see('/account?saved=app-password-revoked#app-passwords');
    }, { params: AppPasswordParams, detail: { hide: true } });
}
