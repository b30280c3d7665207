import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';

/** STUB: the ratings feature's routes. */
export function ratingsRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  void platform;
  void env;
  return new Elysia({ name: 'ratings' }).use(auth);
}
