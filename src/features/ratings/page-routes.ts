import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { RatingControl, averageText } from '../../../views/components/RatingControl.tsx';
import { RatingForm, SlugParams } from './model.ts';
import { rateBook, withdrawRating } from './service.ts';
import type { CatalogueAnnouncer } from '../catalogue/version.ts';

const PRIVATE = { 'cache-control': 'private, no-cache' };

/** Plain form posts only (the star control); JSON clients use /api/ratings. A transform hook: it runs before validation. */
function requireForm({ request }: { request: Request }): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'Send a form');
  }
}

/** A form sends text: "4" is a rating, "4.0", "4.5" or "" are not (the same 400 as the API). */
function formRating(value: string | undefined): number | string | undefined {
  return value !== undefined && /^[1-9]\d?$/.test(value) ? Number(value) : value;
}

/**
 * POST /ratings/{slug}: the star control's target, for anonymous and signed-in readers alike.
 * Without htmx: 303 back (the book page shows the checked star and the new average). With htmx:
 * the control itself, carrying the announcement for its status line.
 */
export function ratingsPageRoutes(db: Db, cache: CatalogueAnnouncer, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'ratings-pages' })
    .use(auth)
    .post('/ratings/:slug', async ({ request, params, body, caller }) => {
      const { slug } = params;
      const returnTo = safeReturnPath(body.return_to, `/book/${slug}`);
      const clearing = body.clear === '1';
      const summary = clearing ? await withdrawRating(db, cache, caller.reader, slug) : await rateBook(db, cache, caller.reader, slug, formRating(body.rating));
      if (!wantsHtmx(request)) return new Response(null, { status: 303, headers: { location: returnTo } });
      const ctx = pageContext(request, env);
      const said = clearing ? ctx.t('ratings.removed') : ctx.t('ratings.saved', { count: summary.mine ?? 0 });
      const notice = `${said} ${averageText(ctx, summary.average, summary.count)}`;
      return htmlResponse(RatingControl({ ctx, slug, ...summary, returnTo, notice }), 200, PRIVATE);
    }, { transform: requireForm, params: SlugParams, body: RatingForm, detail: { hide: true } });
}
