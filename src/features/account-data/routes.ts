import { Elysia, t } from 'elysia';
import { signedIn } from '../../platform/http/sign-in.ts';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin, CallerUser } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { binaryBody, errorAnswers, NoContent } from '../../platform/http/api-schemas.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { clearAuthCookie } from '../accounts/service.ts';
import { DeleteAccountPage } from '../../../views/pages/accounts/DeleteAccountPage.tsx';
import { AccountDeletedPage } from '../../../views/pages/accounts/AccountDeletedPage.tsx';
import { DELETE_ERRORS, DeleteAccountBody, DeleteAccountForm, EXPORT_FORMAT, EXPORT_VERSION } from './model.ts';
import { deleteAccount, deletionFacts } from './deletion.ts';
import { exportAccount, exportFileName } from './export.ts';

const PRIVATE = { 'cache-control': 'no-store' };
// t.Any: Elysia compiles a validator for every declared answer (never run on a Response), and TypeBox cannot compile binaryBody's Unsafe kind.
const AccountExport = t.Any(binaryBody('application/json', `The account's data as an attachment: {format: "${EXPORT_FORMAT}", version: ${EXPORT_VERSION}, user, settings, progress, library, comments, …}`));
const see = (location: string, cookie?: string) => {
  const headers = new Headers({ location, ...PRIVATE });
  if (cookie) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};
const signInFirst = signedIn(() => '/account/delete');
const PAGE_ERRORS: Record<string, string> = {
  [DELETE_ERRORS.missing]: 'account.delete.confirmMissing',
  [DELETE_ERRORS.mismatch]: 'account.delete.confirmMismatch',
  [DELETE_ERRORS.lastAdmin]: 'account.delete.lastAdmin',
};

/**
 * The account's own data: GET /api/account/export ("Download my data", a dated JSON attachment)
 * and DELETE /api/account {confirm}, with the pages around deletion: /account/delete (what goes,
 * the typed confirmation; works without JavaScript), its form, and /account/deleted afterwards.
 */
export function accountDataRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const { db, cache, objects, log, clock, config } = platform;
  const deps = { db, cache, objects, log };
  const secure = config.baseUrl.startsWith('https:');

  const confirmPage = async (request: Request, user: CallerUser, status = 200, errorKey?: string) => {
    const ctx = pageContext(request, env);
    const facts = await deletionFacts(db, user.id);
    return htmlResponse(DeleteAccountPage({ ctx, username: user.username, ...facts, error: errorKey ? ctx.t(errorKey) : undefined }), status, PRIVATE);
  };

  return new Elysia({ name: 'account-data' })
    .use(auth)
    .get('/api/account/export', async ({ user }) => {
      const now = clock();
      const body = await exportAccount(db, user.id, now, config.baseUrl);
      return new Response(JSON.stringify(body, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="${exportFileName(user.username, now)}"`,
          ...PRIVATE,
        },
      });
    }, { auth: 'user', response: { 200: AccountExport }, detail: { tags: ['auth'], summary: 'Download my data: everything this account made, as a JSON attachment (401 anonymous)' } })
    .delete('/api/account', async ({ body, user }) => {
      await deleteAccount(deps, user.id, body?.confirm);
      return new Response(null, { status: 204, headers: { 'set-cookie': clearAuthCookie(secure), ...PRIVATE } });
    }, {
      auth: 'user',
      // Optional: a DELETE without a body is 400 for the missing confirmation, not for the body.
      body: t.Optional(DeleteAccountBody),
      response: { 204: NoContent, ...errorAnswers(409) },
      detail: { tags: ['auth'], summary: 'Delete my account: {confirm: "<username>"}; comments stay as "[deleted]"; 409 for the last administrator' },
    })
    .get('/account/delete', async ({ request, user }) => confirmPage(request, user), { auth: signInFirst, detail: { hide: true } })
    .post('/account/delete', async ({ request, body, user }) => {
      try {
        await deleteAccount(deps, user.id, body?.confirm);
      } catch (error) {
        const key = error instanceof AppError ? PAGE_ERRORS[error.message] : undefined;
        if (!key || !(error instanceof AppError)) throw error;
        return confirmPage(request, user, error.status, key);
      }
      return see('/account/deleted', clearAuthCookie(secure));
    }, { auth: signInFirst, body: DeleteAccountForm, detail: { hide: true } })
    .get('/account/deleted', ({ request }) => htmlResponse(AccountDeletedPage({ ctx: pageContext(request, env) }), 200, PRIVATE), { detail: { hide: true } });
}
