import { Elysia } from 'elysia';
import type { Db } from '../../../platform/db/index.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { safeReturnPath } from '../../../platform/http/safe-redirect.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { appearanceCookies } from '../appearance.ts';
import { saveSettings, type StoredAppearance } from '../service.ts';
import { PreferencesForm } from './model.ts';

/**
 * POST /prefs from the appearance menu: with htmx the change is saved at once (204); without
 * JavaScript the form posts and the visitor is sent back where they were (303). The choice goes
 * into the reader's settings (the one truth, also behind /api/settings) and into the cookies pages
 * are rendered from.
 */
export function appearanceRoutes(deps: { db: Db; auth: AuthPlugin; secureCookies: boolean }) {
  return new Elysia({ name: 'preferences' }).use(deps.auth).post(
    '/prefs',
    async ({ body, request, caller }) => {
      const chosen: StoredAppearance = { theme: body.theme, locale: body.locale, font_family: body.font_family, font_size: body.font_size };
      await saveSettings(deps.db, caller.reader, chosen);
      const headers = new Headers();
      // Only what was posted: the cookies of the other fields are already right on this browser.
      for (const cookie of appearanceCookies(chosen, deps.secureCookies)) headers.append('set-cookie', cookie);
      if (request.headers.get('hx-request') === 'true') return new Response(null, { status: 204, headers });
      headers.set('location', safeReturnPath(body.return_to));
      return new Response(null, { status: 303, headers });
    },
    {
      // A form from the page or JSON from a script; any other body is refused rather than guessed at.
      // (No route-level `parse` list: it would bypass the global JSON-object check.)
      beforeHandle: ({ request }) => requireFormOrJson(request),
      body: PreferencesForm,
      detail: { tags: ['preferences'], summary: 'Save theme, font and language (settings and this browser’s cookies)' },
    },
  );
}

function requireFormOrJson(request: Request): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('application/json')) {
    throw new AppError(415, 'unsupported_media_type', 'Send a form or a JSON object');
  }
}
