import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { AccountsDeps } from '../service.ts';
import type { ProvidersNow } from '../signin/providers.ts';
import { joinApiRoutes } from './api-routes.ts';
import { joinPageRoutes } from './page-routes.ts';
import { setPasswordPageRoutes } from './password-page-routes.ts';
import { signUpPageRoutes } from './signup-routes.ts';

/**
 * Becoming a reader without a login provider (docs/api.md, "Joining"): an admin's invite
 * (/join/{token}), a set-password link (/set-password/{token}), and with REGISTRATION=open the
 * sign-up (/signup). Joining through a provider is finished by signin/provider-routes.ts.
 */
export function joinRoutes(deps: AccountsDeps, auth: AuthPlugin, providers: ProvidersNow, env: PageEnvironment) {
  const app = new Elysia({ name: 'accounts-join' })
    .use(joinApiRoutes(deps, auth))
    .use(joinPageRoutes(deps, auth, providers, env))
    .use(setPasswordPageRoutes(deps, auth, env));
  // Without open registration /signup does not exist (404), so the instance is built without it.
  if (deps.config.registration === 'open') app.use(signUpPageRoutes(deps, auth, env));
  return app;
}
