import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { RatingBody, RatingSummarySchema, SlugParams } from './model.ts';
import { rateBook, ratingOf, withdrawRating } from './service.ts';
import type { CatalogueAnnouncer } from '../catalogue/version.ts';

const tags = ['ratings'];

/**
 * /api/ratings/{slug}: one rating per reader (the signed-in user, else the anonymous session of
 * the session_id cookie or X-Session-Id), answered with the book's totals after the change.
 */
export function ratingsApiRoutes(db: Db, cache: CatalogueAnnouncer, auth: AuthPlugin) {
  return new Elysia({ name: 'ratings-api' })
    .use(auth)
    .get('/api/ratings/:slug', ({ params, caller }) => ratingOf(db, caller.reader, params.slug), {
      params: SlugParams,
      response: RatingSummarySchema,
      detail: { tags, summary: "The book's average and count, and the caller's own rating (404 unknown book)" },
    })
    .post('/api/ratings/:slug', ({ params, body, caller }) => rateBook(db, cache, caller.reader, params.slug, body.rating), {
      params: SlugParams,
      body: RatingBody,
      response: { 200: RatingSummarySchema, ...errorAnswers(429) },
      detail: { tags, summary: 'Rate a book 1–5 stars, or change the rating (anonymous readers rate by session)' },
    })
    .delete('/api/ratings/:slug', ({ params, caller }) => withdrawRating(db, cache, caller.reader, params.slug), {
      params: SlugParams,
      response: { 200: RatingSummarySchema, ...errorAnswers(429) },
      detail: { tags, summary: "Withdraw the caller's rating (200 with the new totals, also when there was none)" },
    });
}
