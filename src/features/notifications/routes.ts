import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { notificationsApiRoutes } from './api-routes.ts';
import { notificationsPageRoutes } from './page-routes.ts';

/** Notifications: JSON under /api/notifications, the /notifications page, its forms and the bell's count. */
export function notificationsRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'notifications' }).use(notificationsApiRoutes(platform.db, auth)).use(notificationsPageRoutes(platform.db, auth, env));
}
