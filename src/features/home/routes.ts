import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { HomePage } from '../../../views/pages/home/HomePage.tsx';
import { homeShelves } from '../catalogue/service.ts';

/** `/` and `/api/home`: continue reading, the feed of followed readers, new and popular books. */
export function homeRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'home' })
    .use(auth)
    .get(
      '/',
      async ({ request }) => {
        const ctx = pageContext(request, env);
        const shelves = await homeShelves(platform.db);
        return htmlResponse(HomePage({ ctx, ...shelves }));
      },
      { detail: { hide: true } },
    );
}
