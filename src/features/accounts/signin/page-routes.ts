import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { safeReturnPath } from '../../../platform/http/safe-redirect.ts';
import { textOf } from '../../../platform/http/sign-in.ts';
import { clientIpOf } from '../../../platform/http/request-context.ts';
import { enforceRateLimit, RateLimited } from '../../../platform/http/rate-limit.ts';
import type { MessageKey } from '../../../platform/i18n/index.ts';
import { SignInPage } from '../../../../views/pages/accounts/SignInPage.tsx';
import { clearAuthCookie, type AccountsDeps } from '../service.ts';
import { findUserByUsername } from '../queries.ts';
import { USERNAME } from '../users.ts';
import { isDisabledAccount, revokeSession } from '../sessions/service.ts';
import { SignInForm, SignInPageQuery } from './model.ts';
import { completeLogin, PASSWORD_LOGIN_LIMIT } from './service.ts';
import { createOwner, signInOptions } from './owner.ts';
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN, newPasswordProblem } from '../credentials/password-rules.ts';
import type { ProvidersNow } from './providers.ts';

/** `/login?error=` after a provider round trip: what the page says. */
const PROVIDER_ERRORS: Record<string, MessageKey> = { denied: 'signin.error.denied', failed: 'signin.error.failed', 'invite-only': 'signin.error.inviteOnly', disabled: 'signin.error.disabled' };

const redirect = (location: string, cookie?: string) => {
  const headers = new Headers({ location });
  if (cookie) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};

/**
 * The sign-in page (GET /login) and its forms, for browsers without JavaScript as much as with: the
 * one-time owner account of a fresh install (POST /login/owner) and the password sign-in (POST
 * /login). A mistake re-renders the page with the reason in the reader's language and the username
 * kept. POST /logout is the sign-out form (303 to its `return_to`, else the home page).
 */
export function signInPageRoutes(deps: AccountsDeps, auth: AuthPlugin, providers: ProvidersNow, env: PageEnvironment) {
  const page = async (request: Request, status: number, returnTo: string, errorKey: string, username?: string, params?: Record<string, string | number>) => {
    const ctx = pageContext(request, env);
    const list = [...(await providers()).values()].map((p) => ({ name: p.name, label: p.label }));
    const options = await signInOptions(deps);
    return htmlResponse(SignInPage({ ctx, providers: list, returnTo, error: ctx.t(errorKey, params), username, ...options }), status, { 'cache-control': 'no-store' });
  };
  const signedIn = (location: string, cookie: string) => new Response(null, { status: 303, headers: { location, 'set-cookie': cookie, 'cache-control': 'no-store' } });
  const secure = deps.config.baseUrl.startsWith('https:');

  return new Elysia({ name: 'accounts-signin-pages' })
    .use(auth)
    .get('/login', async ({ request, query, caller }) => {
      const returnTo = safeReturnPath(query.return_to);
      if (caller.user) return redirect(returnTo);
      const ctx = pageContext(request, env);
      const list = [...(await providers()).values()].map((p) => ({ name: p.name, label: p.label }));
      const error = query.error ? ctx.t(PROVIDER_ERRORS[query.error] ?? 'signin.error.failed') : undefined;
      const options = await signInOptions(deps);
      return htmlResponse(SignInPage({ ctx, providers: list, returnTo, error, ...options }), 200, { 'cache-control': 'no-store' });
    }, { query: SignInPageQuery, detail: { hide: true } })
    .post('/login/owner', async ({ body, request, caller }) => {
      const returnTo = safeReturnPath(body.return_to);
      const username = (body.username ?? '').trim();
      const password = body.password ?? '';
      if (!USERNAME.test(username)) return page(request, 400, returnTo, 'signin.error.usernameInvalid', username);
      const problem = newPasswordProblem(password, username);
      if (problem) return page(request, 400, returnTo, `joining.error.${problem}`, username, { min: NEW_PASSWORD_MIN, max: NEW_PASSWORD_MAX });
      if (password !== body.password_confirm) return page(request, 400, returnTo, 'signin.error.passwordMismatch', username);
      let owner;
      try {
        owner = await createOwner(deps, username, password);
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return page(request, 409, returnTo, 'signin.error.ownerExists');
        throw error;
      }
      deps.log?.info('owner account created', { username: owner.username });
      const login = await completeLogin(deps, request, owner, caller);
      return signedIn(returnTo === '/' ? '/admin' : returnTo, login.cookie);
    }, { body: SignInForm, detail: { hide: true } })
    .post('/login', async ({ body, request, caller }) => {
      const returnTo = safeReturnPath(body.return_to);
      const username = (body.username ?? '').trim();
      try {
        await enforceRateLimit(deps.cache, `login:${clientIpOf(request)}:${username.toLowerCase()}`, PASSWORD_LOGIN_LIMIT, deps.clock().getTime());
      } catch (error) {
        if (error instanceof RateLimited) return page(request, 429, returnTo, 'signin.error.tooMany', username);
        throw error;
      }
      const row = username ? await findUserByUsername(deps.db, username) : undefined;
      const ok = row?.password_hash && body.password ? await Bun.password.verify(body.password, row.password_hash) : false;
      if (!row || !ok) return page(request, 401, returnTo, 'signin.error.wrongPassword', username);
      try {
        const login = await completeLogin(deps, request, row, caller);
        return signedIn(returnTo, login.cookie);
      } catch (error) {
        if (isDisabledAccount(error)) return page(request, 403, returnTo, 'signin.error.disabled', username);
        throw error;
      }
    }, { body: SignInForm, detail: { hide: true } })
    .post('/logout', async ({ body, caller }) => {
      if (caller.user && caller.sessionId) await revokeSession(deps.db, deps.cache, caller.user.id, caller.sessionId).catch(() => {});
      // An invite opened while signed in offers to sign out and come back to it.
      return redirect(safeReturnPath(textOf(body, 'return_to')), clearAuthCookie(secure));
    }, { detail: { hide: true } });
}
