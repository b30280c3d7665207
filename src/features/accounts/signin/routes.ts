import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { AccountsDeps } from '../service.ts';
import { signInApiRoutes } from './api-routes.ts';
import { providerRoutes } from './provider-routes.ts';
import { signInPageRoutes } from './page-routes.ts';
import type { ProvidersNow } from './providers.ts';

/** Signing in and out: the JSON API, the login providers' round trip, and the /login page with its forms. */
export function signInRoutes(deps: AccountsDeps, auth: AuthPlugin, providers: ProvidersNow, env: PageEnvironment) {
  return new Elysia({ name: 'accounts-signin' })
    .use(signInApiRoutes(deps, auth))
    .use(providerRoutes(deps, auth, providers))
    .use(signInPageRoutes(deps, auth, providers, env));
}
