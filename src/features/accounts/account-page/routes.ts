import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { signedIn } from '../../../platform/http/sign-in.ts';
import type { AccountsDeps } from '../service.ts';
import { openOnce } from '../app-passwords/handover.ts';
import { AccountPageQuery } from './model.ts';
import { renderAccountPage } from './render.ts';

/** /account: the signed-in reader's account page; its forms are in the sub-feature each one changes. */
export function accountPageRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'accounts-pages' })
    .use(auth)
    .get('/account', async ({ request, user, caller, query }) => {
      // An app password just made without JavaScript (app-passwords/form-routes.ts): shown on this page only.
      const handover = await openOnce(deps, request, user.id);
      const page = await renderAccountPage(deps, env, request, user, caller.sessionId, { saved: query.saved, avatarError: query.avatar_error, appPasswordCreated: handover.shown ?? undefined });
      if (handover.clear) page.headers.append('set-cookie', handover.clear);
      return page;
    }, { auth: signedIn(() => '/account'), query: AccountPageQuery, detail: { hide: true } });
}
