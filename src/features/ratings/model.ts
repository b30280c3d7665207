import { t, type Static } from 'elysia';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** The one message for every bad `rating` (0, 6, 2.5, "x", null, missing): docs/api.md. */
export const RATING_MESSAGE = `rating must be a whole number from ${MIN_RATING} to ${MAX_RATING}`;

export function isRating(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= MIN_RATING && x <= MAX_RATING;
}

const Slug = t.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', error: 'slug must be a book slug' });
export const SlugParams = t.Object({ slug: Slug });

// Elysia turns a numeric string ("4") into a number before validating; anything else that is not
// a whole number from 1 to 5 fails here with RATING_MESSAGE.
export const RatingBody = t.Object(
  { rating: t.Integer({ minimum: MIN_RATING, maximum: MAX_RATING, error: RATING_MESSAGE }) },
  { error: RATING_MESSAGE },
);

export const RatingSummarySchema = t.Object({
  /** Mean of all ratings, two decimals (as a book's rating_avg); null while nobody has rated. */
  average: t.Union([t.Number(), t.Null()]),
  count: t.Integer(),
  /** The caller's own rating (signed-in user, else anonymous session); null when not rated. */
  mine: t.Union([t.Integer({ minimum: MIN_RATING, maximum: MAX_RATING }), t.Null()]),
}, { title: 'RatingSummary' });
export type RatingSummary = Static<typeof RatingSummarySchema>;

/**
 * The star control's form (views/components/RatingControl.tsx): `rating` from the radio group, or
 * `clear=1` from "Remove my rating"; the handler validates, so a bad value gets the same message.
 */
export const RatingForm = t.Object({
  rating: t.Optional(t.String({ maxLength: 16 })),
  clear: t.Optional(t.String({ maxLength: 8 })),
  return_to: t.Optional(t.String({ maxLength: 2000 })),
});
