import { Elysia } from 'elysia';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { validateKey } from '../../platform/objects/keys.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';

/**
 * GET /covers/<path>: the object `covers/<path>`. Cover keys carry a content hash, so a response
 * never changes and may be cached for a year. SVG is sandboxed: a cover can never run script.
 */
export function coverRoutes(objects: ObjectStore) {
  return new Elysia({ name: 'covers' }).get(
    '/covers/*',
    async ({ request }) => {
      const key = validateKey(`covers/${decodePath(new URL(request.url).pathname.slice('/covers/'.length))}`);
      const object = await objects.get(key);
      if (!object) throw notFound('Cover not found');
      return new Response(object.body, {
        headers: {
          'content-type': object.contentType || 'application/octet-stream',
          'content-length': String(object.size),
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      });
    },
    { detail: { tags: ['catalogue'], summary: 'A book cover image' } },
  );
}

function decodePath(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw badRequest('Invalid object key');
  }
}
