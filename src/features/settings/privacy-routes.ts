import { Elysia, t } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { appearanceFromRequest } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { makeTranslator } from '../../platform/i18n/index.ts';
import { signedIn } from '../../platform/http/sign-in.ts';
import { PrivacySection } from '../../../views/pages/settings/PrivacySection.tsx';
import { PrivacyBody, PrivacyForm, PrivacySchema } from './model.ts';
import { privacyOf, savePrivacy } from './service.ts';

const tags = ['reading'];

function requireForm({ request }: { request: Request }): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) throw new AppError(415, 'unsupported_media_type', 'Send a form');
}

/** A checkbox sends its value when checked and nothing otherwise; anything else is a bad request. */
function checkboxValue(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (value === 'true' || value === 'on') return true;
  throw badRequest('library_private must be true or false');
}

/** Header values are Latin-1: translated toasts travel as JSON \u escapes. */
function toastHeader(message: string): string {
  return JSON.stringify({ 'app:toast': { level: 'info', message } }).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * GET|PUT /api/settings/privacy for apps, and POST /settings/privacy, the form of the settings
 * page's "Privacy" section (303 back without JavaScript, the section itself with htmx).
 */
export function privacyRoutes(db: Db, auth: AuthPlugin) {
  return new Elysia({ name: 'settings-privacy' })
    .use(auth)
    .get('/api/settings/privacy', ({ user }) => privacyOf(db, user.id), {
      auth: 'user',
      response: PrivacySchema,
      detail: { tags, summary: 'Whether your library (shelves and recent reading) is private (401 anonymous)' },
    })
    .put('/api/settings/privacy', ({ body, user }) => savePrivacy(db, user.id, body), {
      auth: 'user',
      transform: ({ body }) => {
        // Elysia drops unknown properties before validating; a typo must not pass as "no change".
        const field = typeof body === 'object' && body !== null ? Object.keys(body).find((key) => key !== 'library_private') : undefined;
        if (field !== undefined) throw badRequest(`${field}: unknown setting (expected library_private)`);
      },
      body: PrivacyBody,
      response: PrivacySchema,
      detail: { tags, summary: 'Make your library private or public again; answers the stored value' },
    })
    .post('/settings/privacy', async ({ request, body, user }) => {
      const privacy = await savePrivacy(db, user.id, { library_private: checkboxValue(body?.library_private) });
      if (!wantsHtmx(request)) return new Response(null, { status: 303, headers: { location: '/settings?privacy=saved#privacy' } });
      const translate = makeTranslator(appearanceFromRequest(request).locale);
      const message = translate(privacy.library_private ? 'privacy.savedPrivate' : 'privacy.savedPublic');
      return htmlResponse(PrivacySection({ t: translate, username: user.username, privacy }), 200, { 'cache-control': 'no-store', 'hx-trigger': toastHeader(message) });
      // The body is optional: with the box unchecked a browser posts an empty body, which Elysia reads as none.
    }, { auth: signedIn(() => '/settings#privacy'), beforeHandle: requireForm, body: t.Optional(PrivacyForm), detail: { hide: true } });
}
