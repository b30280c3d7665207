import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { commentsApiRoutes } from './api-routes.ts';
import { commentCountRoutes } from './counts/routes.ts';
import { commentsFormRoutes } from './form-routes.ts';
import { commentsPageRoutes } from './page-routes.ts';

/** Comments per book and chapter: JSON under /api/comments and /api/comment, counts, the comments page, fragments and forms. */
export function commentsRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const deps = { db: platform.db, cache: platform.cache, log: platform.log };
  return new Elysia({ name: 'comments' })
    .use(commentsApiRoutes(deps, auth, platform.config.baseUrl))
    .use(commentCountRoutes(platform.db, env))
    .use(commentsPageRoutes(platform.db, auth, env))
    .use(commentsFormRoutes(deps, auth, env));
}
