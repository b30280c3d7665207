import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { AccountsDeps } from '../service.ts';
import type { AccountRemoval } from './access.ts';
import { adminUserApiRoutes } from './api-routes.ts';
import { adminUserPageRoutes } from './page-routes.ts';

/**
 * User administration (docs/api.md, "Admin: users"): the JSON API and the /admin/users page over
 * the same services. Every route answers 403 to anyone without the admin role. Deleting an account
 * uses the account-data feature's deletion, handed in as `removal`.
 */
export function adminUserRoutes(deps: AccountsDeps, auth: AuthPlugin, env: PageEnvironment, removal: AccountRemoval) {
  return new Elysia({ name: 'admin-users' }).use(adminUserApiRoutes(deps, auth, removal)).use(adminUserPageRoutes(deps, auth, env, removal));
}
