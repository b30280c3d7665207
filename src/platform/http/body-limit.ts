import { urlOf } from './request-context.ts';
import { Elysia } from 'elysia';
import { tooLarge } from './errors.ts';

const MB = 1024 * 1024;

/**
 * The bodies Elysia parses and holds whole in memory: JSON, forms, text. Uploads (multipart, images,
 * octet streams) go to routes that stream their own bodies (`parse: 'none'`) and keep their own limits.
 */
function isParsedType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json') || type === 'application/x-www-form-urlencoded' || type.startsWith('text/');
}

/**
 * A JSON, form or text body is refused on its declared size before a byte is read: past the
 * limit, 413. Checked when the request arrives, not in a parse hook: any global parse hook makes
 * Elysia parse the bodies of `parse: 'none'` routes too (it honours 'none' only when it is the
 * route's sole parse hook), which would break the webhook, uploads and imports.
 * `larger` names the few paths whose bodies may be bigger (a base64 image, say).
 */
export function bodyLimit(options: { bytes: number; larger?: Record<string, number> }) {
  return new Elysia({ name: 'body-limit' }).onRequest(({ request }) => {
    const length = request.headers.get('content-length');
    if (length === null || !isParsedType(request.headers.get('content-type'))) return;
    const declared = Number(length);
    if (!Number.isFinite(declared)) return;
    const max = options.larger?.[urlOf(request).pathname] ?? options.bytes;
    if (declared > max) throw tooLarge(`Request bodies are limited to ${Math.round((max / MB) * 10) / 10} MB`);
  });
}
