import { t, type TSchema } from 'elysia';

/**
 * Shapes every JSON route shares, for its `response` map. A schema with a `title` becomes a named
 * component of /api/openapi.json (features/docs/openapi); the error statuses a route declares
 * join those the document adds for every route of its kind (400 for bad input, 401/403 for a
 * guard, 404 for a path with parameters).
 */
export const ApiError = t.Object(
  {
    error: t.String({ description: 'A stable machine-readable code: invalid_request, unauthorized, pro_required, forbidden, not_found, conflict, rate_limited, …' }),
    message: t.String({ description: 'What went wrong, in plain words' }),
  },
  { title: 'ApiError', description: 'Every JSON error: {"error": code, "message": text}' },
);

type ErrorMap<S extends number> = { [K in S]: typeof ApiError };

/** The error answers of a route beyond those the document infers: `{ 200: Book, ...errorAnswers(402, 429) }`. */
export function errorAnswers<S extends number>(...statuses: S[]): ErrorMap<S> {
  return Object.fromEntries(statuses.map((status) => [status, ApiError])) as ErrorMap<S>;
}

/** A 204 answer: no body. */
export const NoContent = t.Void({ description: 'Done; no body' });

/**
 * A body that is not JSON (audio, an EPUB, an archive): the document lists it under its media type.
 * The handler returns a Response, which Elysia does not validate.
 */
export function binaryBody(mediaType: string, description: string): TSchema {
  // t.Any: Elysia builds a checker for every declared answer and has none for t.Unsafe.
  return t.Any({ type: 'string', contentMediaType: mediaType, description, 'x-media-type': mediaType });
}
