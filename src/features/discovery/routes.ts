import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { limitReaderWrites } from '../../platform/http/rate-limit.ts';
import { discoveryApiRoutes } from './api-routes.ts';
import { discoveryPageRoutes } from './page-routes.ts';

/** The discovery deck: JSON under /api/discover, the /discover page and its form targets. */
export function discoveryRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  // The hook comes first: it covers the writes of both plugins after it (votes, undo, reset).
  return new Elysia({ name: 'discovery' })
    .use(auth)
    .onBeforeHandle(limitReaderWrites(platform, 'vote'))
    .use(discoveryApiRoutes(platform.db, auth)).use(discoveryPageRoutes(platform.db, auth, env));
}
