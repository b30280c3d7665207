import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { clientIpOf } from '../../../platform/http/request-context.ts';
import { SignUpPage } from '../../../../views/pages/join/SignUpPage.tsx';
import type { AccountsDeps } from '../service.ts';
import { completeLogin } from '../signin/service.ts';
import { NewAccountForm } from './model.ts';
import { DetailsRefused, SignUpsUsedUp } from './refusals.ts';
import { fieldProblem, type FormProblem } from './form-problems.ts';
import { checkNewAccount } from './new-account.ts';
import { signUp } from './signup.ts';
import { privatePage, signedInTo } from './respond.ts';

const see = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/**
 * /signup, only with REGISTRATION=open (otherwise the path does not exist: 404): the form, and
 * its post (303 to the home page signed in, or the form again with the reason: 400, 409, 429).
 */
export function signUpPageRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'accounts-signup-pages' })
    .use(auth)
    .get('/signup', async ({ request, caller }) => {
      if (caller.user) return see('/');
      return privatePage(SignUpPage({ ctx: pageContext(request, env) }));
    }, { detail: { hide: true } })
    .post('/signup', async ({ body, request, caller }) => {
      const ctx = pageContext(request, env);
      const username = (body.username ?? '').trim().slice(0, 64);
      const email = (body.email ?? '').trim().slice(0, 254);
      const password = body.password ?? '';
      const again = (status: number, problem: FormProblem) => privatePage(SignUpPage({ ctx, username, email, problem: fieldProblem(ctx.t, problem) }), status);
      try {
        checkNewAccount({ username, password, email });
        if (password !== (body.password_confirm ?? '')) return again(400, 'mismatch');
        const user = await signUp(deps, { username, password, email }, clientIpOf(request));
        deps.log?.info('account signed up', { username: user.username });
        const login = await completeLogin(deps, request, user, caller);
        return signedInTo('/', login.cookie);
      } catch (error) {
        if (error instanceof DetailsRefused) return again(error.status, error.problem);
        if (error instanceof SignUpsUsedUp) return again(429, 'tooMany');
        throw error;
      }
    }, { body: NewAccountForm, detail: { hide: true } });
}
