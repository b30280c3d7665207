import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { AccountsDeps } from '../service.ts';
import { avatarApiRoutes } from './api-routes.ts';
import { avatarFormRoutes } from './form-routes.ts';

/** Avatars: uploading, recording and removing one (JSON and the account page's forms), and serving them. */
export function avatarRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'accounts-avatars' }).use(avatarApiRoutes(deps, auth)).use(avatarFormRoutes(deps, auth));
}
