import { Elysia } from 'elysia';
import type { Platform } from '../../platform/index.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { HomePage } from '../../../views/pages/home/HomePage.tsx';
import { homeShelves } from './service.ts';

/** The home page (the reading issue grows this feature into browse, search, rankings, book pages). */
export function catalogueRoutes(platform: Pick<Platform, 'db'>, env: PageEnvironment) {
  return new Elysia({ name: 'catalogue' }).get(
    '/',
    async ({ request }) => {
      const ctx = pageContext(request, env);
      const shelves = await homeShelves(platform.db);
      return htmlResponse(HomePage({ ctx, ...shelves }));
    },
    { detail: { hide: true } },
  );
}
