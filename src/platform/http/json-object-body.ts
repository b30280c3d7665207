import { Elysia } from 'elysia';
import { badRequest } from './errors.ts';

/**
 * Every JSON body of the API is an object. Elysia would quietly turn `[1,2]`, `"x"` or `5` into `{}`
 * before validating, so an all-optional schema would accept them; refuse them first.
 * A route whose body is optional (`t.Optional(...)`) gets no body at all when its JSON does not
 * parse (Elysia swallows the error): the body was read and left nothing, so it was not JSON.
 */
export function jsonObjectBodies() {
  return new Elysia({ name: 'json-object-bodies' }).onTransform({ as: 'global' }, ({ request, body }) => {
    const type = (request.headers.get('content-type') ?? '').toLowerCase();
    if (!type.includes('json')) return;
    if (body === undefined) {
      if (request.bodyUsed && request.headers.get('content-length') !== '0') throw badRequest('Invalid JSON body');
      return;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Expected a JSON object');
  });
}
