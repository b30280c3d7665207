import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { AccountsDeps } from '../service.ts';
import { appPasswordApiRoutes } from './api-routes.ts';
import { appPasswordFormRoutes } from './form-routes.ts';

/**
 * App passwords, with which e-reader apps sign in (OPDS over HTTP Basic, KOReader's sync): the
 * JSON API and the account page's forms. The checks of those sign-ins are in service.ts.
 */
export function appPasswordRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'accounts-app-passwords' }).use(appPasswordApiRoutes(deps, auth)).use(appPasswordFormRoutes(deps, auth, env));
}
