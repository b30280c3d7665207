import { Elysia } from 'elysia';
import type { AuthPlugin, CallerUser } from '../../../platform/http/auth.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { signedIn } from '../../../platform/http/sign-in.ts';
import { errorAnswers, NoContent } from '../../../platform/http/api-schemas.ts';
import { UserResponse } from '../model.ts';
import type { AccountsDeps } from '../service.ts';
import { publicUser } from '../users.ts';
import { renderAccountPage } from '../account-page/render.ts';
import { ChangeEmailBody, ChangePasswordBody, EmailForm, PasswordForm } from './model.ts';
import { changeEmail, changePassword, EMAIL_ERRORS, PASSWORD_ERRORS } from './service.ts';

const see = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
/** An anonymous form post goes to sign in first, and comes back to the account page. */
const signInFirst = signedIn(() => '/account');

/** A refusal of the service → the phrase the form shows and the field it marks. */
const PASSWORD_PROBLEMS: Record<string, { key: string; field: string }> = {
  [PASSWORD_ERRORS.tooShort]: { key: 'account.password.tooShort', field: 'new_password' },
  [PASSWORD_ERRORS.tooLong]: { key: 'account.password.tooLong', field: 'new_password' },
  [PASSWORD_ERRORS.currentMissing]: { key: 'account.password.currentMissing', field: 'current_password' },
  [PASSWORD_ERRORS.currentWrong]: { key: 'account.password.currentWrong', field: 'current_password' },
  [PASSWORD_ERRORS.signInAgain]: { key: 'account.password.signInAgain', field: 'new_password' },
};
const EMAIL_PROBLEMS: Record<string, string> = {
  [EMAIL_ERRORS.invalid]: 'account.email.invalid',
  [EMAIL_ERRORS.taken]: 'account.email.taken',
};
const TOO_MANY = 'account.tooMany';

/**
 * Password and email of the signed-in account: the JSON endpoints (POST /api/auth/change-password,
 * POST /api/auth/change-email) and the account page's forms behind them (POST /account/password,
 * POST /account/email: 303 back to /account with a notice, or the page again with the reason in the
 * form and a 4xx). Cross-site posts are refused by the CSRF guard like every cookie write.
 */
export function credentialRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment) {
  const page = (request: Request, user: CallerUser, sessionId: string | null, problems: Parameters<typeof renderAccountPage>[5], status: number) =>
    renderAccountPage(deps, env, request, user, sessionId, problems, status);

  return new Elysia({ name: 'accounts-credentials' })
    .use(auth)
    .post('/api/auth/change-password', async ({ body, user, caller }) => {
      await changePassword(deps, { userId: user.id, sessionId: caller.sessionId }, { current: body.current_password, next: body.new_password });
      return new Response(null, { status: 204 });
    }, { auth: 'user', body: ChangePasswordBody, response: { 204: NoContent, ...errorAnswers(429) }, detail: { tags: ['auth'], summary: 'Set a password (none yet: a sign-in of the last 10 minutes, else 403) or change it (current_password needed); every other session and app password ends; 204' } })
    .post('/api/auth/change-email', async ({ body, user }) => {
      const row = await changeEmail(deps, user.id, body.email);
      return { user: publicUser(row, deps.config.baseUrl) };
    }, { auth: 'user', body: ChangeEmailBody, response: { 200: UserResponse, ...errorAnswers(409, 429) }, detail: { tags: ['auth'], summary: 'Change the email address (unverified until a provider confirms it); 409 when another account uses it' } })
    .post('/account/password', async ({ body, request, user, caller }) => {
      const next = body?.new_password ?? '';
      if (next !== (body?.new_password_confirm ?? '')) {
        return page(request, user, caller.sessionId, { problems: { password: { key: 'account.password.mismatch', field: 'new_password_confirm' } } }, 400);
      }
      try {
        const { hadPassword } = await changePassword(deps, { userId: user.id, sessionId: caller.sessionId }, { current: body?.current_password || undefined, next });
        return see(`/account?saved=${hadPassword ? 'password' : 'password-set'}#password`);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const problem = PASSWORD_PROBLEMS[error.message] ?? { key: TOO_MANY, field: 'current_password' };
        return page(request, user, caller.sessionId, { problems: { password: problem } }, error.status);
      }
    }, { auth: signInFirst, body: PasswordForm, detail: { hide: true } })
    .post('/account/email', async ({ body, request, user, caller }) => {
      const typed = (body?.email ?? '').trim();
      try {
        await changeEmail(deps, user.id, typed);
        return see('/account?saved=email#email');
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const key = EMAIL_PROBLEMS[error.message] ?? TOO_MANY;
        return page(request, user, caller.sessionId, { problems: { email: { key, field: 'email', value: typed.slice(0, 254) } } }, error.status);
      }
    }, { auth: signInFirst, body: EmailForm, detail: { hide: true } });
}
