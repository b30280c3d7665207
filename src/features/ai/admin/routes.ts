import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import type { AiProvider } from '../provider.ts';
import { aiPageRoutes } from './page-routes.ts';

/** The admin's AI pages: chapter-name jobs (start, follow, review, apply, cancel) and a book's AI suggestions. */
export function aiAdminRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  return new Elysia({ name: 'ai-admin' }).use(aiPageRoutes(platform, auth, env, ai));
}
