import { Elysia } from 'elysia';
import type { AuthPlugin, CallerUser } from '../../../platform/http/auth.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { signedIn } from '../../../platform/http/sign-in.ts';
import { CacheUnavailable } from '../../../platform/cache/port.ts';
import { AppPasswordsSection } from '../../../../views/pages/accounts/AppPasswordsSection.tsx';
import { AppPasswordsList, AppPasswordsStatus } from '../../../../views/pages/accounts/AppPasswordsList.tsx';
import type { AppPasswordsState } from '../../../../views/pages/accounts/types.ts';
import type { AccountsDeps } from '../service.ts';
import { renderAccountPage } from '../account-page/render.ts';
import { AppPasswordParams, CreateAppPasswordForm } from './model.ts';
import { APP_PASSWORD_ERRORS, createAppPassword, listAppPasswords, revokeAppPassword } from './service.ts';
import { sealForNextPage } from './handover.ts';

function see(location: string, cookie?: string): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  if (cookie) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
/** An anonymous form post goes to sign in first, and comes back to the account page. */
const signInFirst = signedIn(() => '/account');
const NO_STORE = { 'cache-control': 'no-store' };

/** A refusal of the service → the phrase the form shows. */
const PROBLEMS: Record<string, string> = {
  [APP_PASSWORD_ERRORS.nameMissing]: 'appPasswords.nameMissing',
  [APP_PASSWORD_ERRORS.nameTooLong]: 'appPasswords.nameTooLong',
  [APP_PASSWORD_ERRORS.tooMany]: 'appPasswords.tooMany',
};

/**
 * The account page's e-reader apps forms. POST /account/app-passwords answers htmx with the section
 * alone, the new password shown once; without JavaScript it answers 303 to the account page, which
 * shows the password once (handover.ts), so a reload creates nothing. A refusal comes
 * back in the form (4xx; 200 to htmx, which swaps only 2xx). POST /account/app-passwords/:id/revoke
 * answers htmx with the list as it now is (the empty state once the last one goes) and a browser
 * without JavaScript with a 303 back and a notice.
 */
export function appPasswordFormRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment) {
  const entries = async (userId: string) => (await listAppPasswords(deps.db, userId)).map((p) => ({ id: p.id, name: p.name, created: p.created_at, lastUsed: p.last_used_at }));

  async function section(request: Request, user: CallerUser, state: Omit<AppPasswordsState, 'passwords'>, status: number) {
    const ctx = pageContext(request, env);
    return htmlResponse(AppPasswordsSection({ ctx, username: user.username, passwords: await entries(user.id), ...state }), status, NO_STORE);
  }

  async function list(request: Request, userId: string) {
    const ctx = pageContext(request, env);
    const html = `${await AppPasswordsList({ ctx, passwords: await entries(userId) })}${await AppPasswordsStatus({ message: ctx.t('appPasswords.revoked'), outOfBand: true })}`;
    return htmlResponse(html, 200, NO_STORE);
  }

  return new Elysia({ name: 'accounts-app-password-forms' })
    .use(auth)
    .post('/account/app-passwords', async ({ body, request, user, caller }) => {
      const typed = body?.name ?? '';
      const htmx = request.headers.get('hx-request') === 'true';
      try {
        const created = await createAppPassword(deps.db, user.id, typed);
        const shown = { name: created.name, password: created.password };
        if (htmx) return section(request, user, { created: shown }, 201);
        const cookie = await sealForNextPage(deps, user.id, shown).catch((error: unknown) => {
          if (error instanceof CacheUnavailable) return null;
          throw error;
        });
        if (cookie) return see('/account#app-passwords', cookie);
        // Without the shared cache there is nothing to carry it across a redirect: shown in this answer.
        return renderAccountPage(deps, env, request, user, caller.sessionId, { appPasswordCreated: shown }, 201);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const key = PROBLEMS[error.message] ?? 'account.tooMany';
        const value = typed.slice(0, 60);
        if (htmx) return section(request, user, { problem: { message: pageContext(request, env).t(key), field: 'name', value } }, 200);
        return renderAccountPage(deps, env, request, user, caller.sessionId, { problems: { appPassword: { key, value } } }, error.status);
      }
    }, { auth: signInFirst, body: CreateAppPasswordForm, detail: { hide: true } })
    .post('/account/app-passwords/:id/revoke', async ({ params, request, user }) => {
      const userId = user.id;
      if (request.headers.get('hx-request') !== 'true') {
        await revokeAppPassword(deps.db, userId, params.id, deps.clock());
        return see('/account?saved=app-password-revoked#app-passwords');
      }
      try {
        await revokeAppPassword(deps.db, userId, params.id, deps.clock());
      } catch (error) {
        // Revoked meanwhile (another tab, the API): the list shows it gone all the same.
        if (!(error instanceof AppError && error.status === 404)) throw error;
      }
      return list(request, userId);
    }, { auth: signInFirst, params: AppPasswordParams, detail: { hide: true } });
}
