import { Elysia } from 'elysia';
import { serializeCookie } from '../../platform/http/cookies.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { AppError } from '../../platform/http/errors.ts';
import { PreferencesForm } from './model.ts';

const YEAR = 365 * 24 * 3600;
const KEYS = ['theme', 'locale', 'font_family', 'font_size'] as const;

/**
 * POST /prefs from the appearance menu: with htmx the change is saved at once (204); without
 * JavaScript the form posts and the visitor is sent back where they were (303).
 */
export function preferencesRoutes(options: { secureCookies: boolean }) {
  return new Elysia({ name: 'preferences' }).post(
    '/prefs',
    ({ body, request }) => {
      const headers = new Headers();
      for (const key of KEYS) {
        const value = body[key];
        if (value === undefined) continue;
        headers.append('set-cookie', serializeCookie(key, String(value), { maxAgeSeconds: YEAR, httpOnly: true, secure: options.secureCookies }));
      }
      if (request.headers.get('hx-request') === 'true') return new Response(null, { status: 204, headers });
      headers.set('location', safeReturnPath(body.return_to));
      return new Response(null, { status: 303, headers });
    },
    {
      // A form from the page or JSON from a script; any other body is refused rather than guessed at.
      // (No route-level `parse` list: it would bypass the global JSON-object check.)
      beforeHandle: ({ request }) => requireFormOrJson(request),
      body: PreferencesForm,
      detail: { tags: ['preferences'], summary: 'Save theme, font and language for this browser' },
    },
  );
}

function requireFormOrJson(request: Request): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('application/json')) {
    throw new AppError(415, 'unsupported_media_type', 'Send a form or a JSON object');
  }
}
