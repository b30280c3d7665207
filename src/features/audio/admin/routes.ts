import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { audioAdminApiRoutes } from './api-routes.ts';
import { audioAdminPageRoutes } from './page-routes.ts';
import type { AudioAdminDeps } from './service.ts';

/** The admin's view of stored audio: every object with its size and duration, and deleting one. */
export function audioAdminRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const deps: AudioAdminDeps = { db: platform.db, objects: platform.objects, cache: platform.cache };
  return new Elysia({ name: 'audio-admin' }).use(audioAdminApiRoutes(deps, auth)).use(audioAdminPageRoutes(deps, auth, env));
}
