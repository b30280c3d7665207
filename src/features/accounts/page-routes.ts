import type { ProvidersNow } from './providers.ts';
import { Elysia, t } from 'elysia';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { signedIn } from '../../platform/http/sign-in.ts';
import { SignInPage } from '../../../views/pages/accounts/SignInPage.tsx';
import { clearAuthCookie, type AccountsDeps } from './service.ts';
import { revokeSession } from './sessions.ts';
import { renderAccountPage } from './account-page.ts';
import { openOnce } from './app-password-handover.ts';
import { signInOptions } from './owner.ts';

const redirect = (location: string, cookie?: string) => {
  const headers = new Headers({ location });
  if (cookie) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};

/** /login, /account and the sign-out form. */
export function accountPageRoutes(deps: AccountsDeps, auth: AuthPlugin, providers: ProvidersNow, env: PageEnvironment) {
  const secure = deps.config.baseUrl.startsWith('https:');
  return new Elysia({ name: 'accounts-pages' })
    .use(auth)
    .get('/login', async ({ request, query, caller }) => {
      const returnTo = safeReturnPath(query.return_to);
      if (caller.user) return redirect(returnTo);
      const ctx = pageContext(request, env);
      const list = [...(await providers()).values()].map((p) => ({ name: p.name, label: p.label }));
      const error = query.error === 'denied' ? ctx.t('signin.error.denied') : query.error ? ctx.t('signin.error.failed') : undefined;
      const options = await signInOptions(deps);
      return htmlResponse(SignInPage({ ctx, providers: list, returnTo, error, ...options }), 200, { 'cache-control': 'no-store' });
    }, { query: t.Object({ return_to: t.Optional(t.String()), error: t.Optional(t.String({ maxLength: 32 })) }), detail: { hide: true } })
    .get('/account', async ({ request, caller, query }) => {
      const user = caller.user!;
      // An app password just made without JavaScript (app-password-form-routes.ts): shown on this page only.
      const handover = await openOnce(deps, request, user.id);
      const page = await renderAccountPage(deps, env, request, user, caller.sessionId, { saved: query.saved, avatarError: query.avatar_error, appPasswordCreated: handover.shown ?? undefined });
      if (handover.clear) page.headers.append('set-cookie', handover.clear);
      return page;
    }, { auth: signedIn(() => '/account'), query: t.Object({ saved: t.Optional(t.String({ maxLength: 32 })), avatar_error: t.Optional(t.String({ maxLength: 32 })) }), detail: { hide: true } })
    .post('/logout', async ({ caller }) => {
      if (caller.user && caller.sessionId) await revokeSession(deps.db, deps.cache, caller.user.id, caller.sessionId).catch(() => {});
      return redirect('/', clearAuthCookie(secure));
    }, { detail: { hide: true } });
}
