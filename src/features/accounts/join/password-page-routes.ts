import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import type { PageContext } from '../../../platform/http/page-context.ts';
import { SetPasswordPage } from '../../../../views/pages/join/SetPasswordPage.tsx';
import type { AccountsDeps } from '../service.ts';
import { completeLogin } from '../signin/service.ts';
import { newPasswordProblem } from '../credentials/password-rules.ts';
import { LinkParams, NewPasswordForm } from './model.ts';
import { DetailsRefused, LinkRefused } from './refusals.ts';
import { fieldProblem, type FormProblem } from './form-problems.ts';
import { openPasswordLink, setPasswordWithLink } from './set-password.ts';
import { privatePage, signedInTo } from './respond.ts';
import { refusedPage } from './page-routes.ts';

/**
 * GET /set-password/{token}: the form for the account the link is for (a dead link: its page, no
 * form). POST: the new password; a refusal shows the form again with the reason (400), success
 * ends the account's other sessions and lands signed in on the home page (303).
 */
export function setPasswordPageRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment) {
  const form = (ctx: PageContext, token: string, username: string, status: number, problem?: FormProblem) =>
    privatePage(SetPasswordPage({ ctx, token, username, problem: problem ? fieldProblem(ctx.t, problem) : undefined }), status);

  return new Elysia({ name: 'accounts-set-password-pages' })
    .use(auth)
    .get('/set-password/:token', async ({ params, request }) => {
      const ctx = pageContext(request, env);
      try {
        const { user } = await openPasswordLink(deps, params.token);
        return form(ctx, params.token, user.username, 200);
      } catch (error) {
        if (error instanceof LinkRefused) return refusedPage(ctx, error);
        throw error;
      }
    }, { params: LinkParams, detail: { hide: true } })
    .post('/set-password/:token', async ({ params, body, request, caller }) => {
      const ctx = pageContext(request, env);
      const password = body.password ?? '';
      let username = '';
      try {
        const { user } = await openPasswordLink(deps, params.token);
        username = user.username;
        const problem = newPasswordProblem(password, user.username) ?? (password !== (body.password_confirm ?? '') ? 'mismatch' : null);
        if (problem) return form(ctx, params.token, user.username, 400, problem);
        const updated = await setPasswordWithLink(deps, params.token, password);
        const login = await completeLogin(deps, request, updated, caller);
        return signedInTo('/', login.cookie);
      } catch (error) {
        if (error instanceof LinkRefused) return refusedPage(ctx, error);
        if (error instanceof DetailsRefused) return form(ctx, params.token, username, error.status, error.problem);
        throw error;
      }
    }, { params: LinkParams, body: NewPasswordForm, detail: { hide: true } });
}
