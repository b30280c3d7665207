import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import type { AiProvider } from './provider.ts';
import { aiAdminRoutes } from './admin/routes.ts';
import { aiCoverRoutes } from './covers/routes.ts';
import { chapterNameRoutes } from './chapter-names/routes.ts';
import { aiJobRoutes } from './jobs/routes.ts';
import { textGenRoutes } from './text-gen/routes.ts';

/** The AI tools (admins only): their pages, text generation, AI jobs and their review, covers. */
export function aiRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  return new Elysia({ name: 'ai' })
    .use(auth)
    .use(aiAdminRoutes(platform, auth, env, ai))
    .use(chapterNameRoutes(platform, auth, ai))
    .use(aiJobRoutes(platform, auth, ai))
    .use(textGenRoutes(platform, auth, ai))
    .use(aiCoverRoutes(platform, auth, env, ai));
}
