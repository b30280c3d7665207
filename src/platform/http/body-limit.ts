import { urlOf } from './request-context.ts';
import { Elysia } from 'elysia';
import { tooLarge } from './errors.ts';
import { tooLargeMessage, type BodyLimits } from './body-limits.ts';

/**
 * A body whose declared size (Content-Length) is over its route's limit is refused before a byte is
 * read: 413, answered by the error handler like any error (JSON, toast or page). Bodies without a
 * declared size (chunked) are counted as they are read by the outer handler (server.ts, counted-body.ts).
 * Checked when the request arrives, not in a parse hook: any global parse hook makes Elysia parse
 * the bodies of `parse: 'none'` routes too (it honours 'none' only when it is the route's sole
 * parse hook), which would break the webhook, uploads and imports.
 */
export function bodyLimit(limits: BodyLimits) {
  return new Elysia({ name: 'body-limit' }).onRequest(({ request }) => {
    const length = request.headers.get('content-length');
    if (length === null) return;
    const declared = Number(length);
    if (!Number.isFinite(declared)) return;
    const max = limits.limitFor(request.method, urlOf(request).pathname);
    if (declared > max) throw tooLarge(tooLargeMessage(max));
  });
}
