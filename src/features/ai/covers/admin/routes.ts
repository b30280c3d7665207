import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../../platform/boot.ts';
import type { AuthPlugin } from '../../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../../platform/http/page.ts';
import type { AiProvider } from '../../provider.ts';
import { coverStudioPageRoutes } from './page-routes.ts';

/** The admin's cover studio page; its work goes through the cover API (../routes.ts). */
export function coverAdminRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  return new Elysia({ name: 'ai-covers-admin' }).use(coverStudioPageRoutes(platform, auth, env, ai));
}
