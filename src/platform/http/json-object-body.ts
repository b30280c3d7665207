import { Elysia } from 'elysia';
import { badRequest } from './errors.ts';

/**
 * Every JSON body of the API is an object. Elysia would quietly turn `[1,2]`, `"x"` or `5` into `{}`
 * before validating, so an all-optional schema would accept them; refuse them first.
 */
export function jsonObjectBodies() {
  return new Elysia({ name: 'json-object-bodies' }).onTransform({ as: 'global' }, ({ request, body }) => {
    if (body === undefined) return;
    const type = (request.headers.get('content-type') ?? '').toLowerCase();
    if (!type.includes('json')) return;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Expected a JSON object');
  });
}
