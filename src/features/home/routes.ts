import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { HomePage } from '../../../views/pages/home/HomePage.tsx';
import { suggestedReaders } from '../follows/service.ts';
import { HomeResponse } from './model.ts';
import { homeRows } from './rows.ts';
import { homeFor } from './service.ts';

/** `/` and `/api/home`: continue reading, the feed of followed readers, and the catalogue's rows. */
export function homeRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const { db } = platform;
  const { baseUrl } = platform.config;
  return new Elysia({ name: 'home' })
    .use(auth)
    .get(
      '/',
      async ({ request, caller }) => {
        const ctx = pageContext(request, env);
        const [home, rows] = await Promise.all([homeFor(db, caller.reader, baseUrl), homeRows(db)]);
        // Only an empty feed needs people to follow.
        const suggestions = caller.user && home.feed.length === 0 ? await suggestedReaders(db, caller.user.id, baseUrl) : [];
        const page = HomePage({ ctx, rows, continueReading: home.continueReading, feed: home.feed, suggestions, now: platform.clock() });
        return htmlResponse(page, 200, { 'cache-control': 'private, no-cache' });
      },
      { detail: { hide: true } },
    )
    .get(
      '/api/home',
      async ({ caller }) => {
        const home = await homeFor(db, caller.reader, baseUrl);
        return {
          continue_reading: home.continueReading.map(({ book, chapter, updated }) => ({ book, chapter, updated })),
          feed: home.feed,
        };
      },
      { response: HomeResponse, detail: { tags: ['reading'], summary: 'Books in progress (up to 12) and what followed readers read (up to 20; [] when anonymous)' } },
    );
}
