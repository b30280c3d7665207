import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import type { AccountsDeps } from './service.ts';
import type { ProvidersNow } from './signin/providers.ts';
import { signInRoutes } from './signin/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { appPasswordRoutes } from './app-passwords/routes.ts';
import { avatarRoutes } from './avatars/routes.ts';
import { accountPageRoutes } from './account-page/routes.ts';
import { credentialRoutes } from './credentials/routes.ts';
import { adminUserRoutes } from './admin/routes.ts';
import type { AccountRemoval } from './admin/access.ts';
import { joinRoutes } from './join/routes.ts';

/**
 * Accounts (docs/api.md, Identity), one sub-feature per folder: signin/ (the /login page and its
 * forms, login providers, the JSON sign-in and sign-out), sessions/ (signed-in devices, tokens),
 * app-passwords/ (e-reader apps), avatars/, credentials/ (password and email), account-page/
 * (/account), admin/ (user administration) and join/ (invites, set-password links, sign-up). Who is calling is answered by service.ts
 * (createCallerResolver), which the auth plugin is built with.
 */
export function accountRoutes(deps: AccountsDeps, auth: AuthPlugin, providers: ProvidersNow, env: PageEnvironment, removal: AccountRemoval) {
  return new Elysia({ name: 'accounts' })
    .use(signInRoutes(deps, auth, providers, env))
    .use(sessionRoutes(deps, auth))
    .use(appPasswordRoutes(deps, auth, env))
    .use(avatarRoutes(deps, auth))
    .use(accountPageRoutes(deps, auth, env))
    .use(credentialRoutes(deps, auth, env))
    .use(adminUserRoutes(deps, auth, env, removal))
    .use(joinRoutes(deps, auth, providers, env));
}
