import { Elysia } from 'elysia';
import type { Db } from '../../../platform/db/index.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { glossaryApiRoutes } from './api-routes.ts';
import { glossaryPageRoutes } from './page-routes.ts';

/** The admin's side of translation: each book's glossary of names and terms, by API and on its page. */
export function translationAdminRoutes(db: Db, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'translation-admin' }).use(glossaryApiRoutes(db, auth)).use(glossaryPageRoutes(db, auth, env));
}
