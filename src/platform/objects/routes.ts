import { Elysia } from 'elysia';
import { AppError, tooLarge } from '../http/errors.ts';
import { readChunks } from './fs.ts';
import { verifyObjectUrl, type SignedMethod } from './signed-url.ts';
import type { ObjectStore } from './port.ts';

export interface ObjectRoutesOptions {
  secret: string;
  maxUploadBytes: number;
}

const json = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error, message }), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const forbidden = () => json(403, 'forbidden', 'Invalid or expired link');

// Objects are user uploads served from the app's own origin: never let one run as a page.
const SAFE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; sandbox" };

/** The key of a signed link, or null when the link is not valid for this method. */
function signedKey(request: Request, wildcard: string | undefined, secret: string, method: SignedMethod) {
  let key: string;
  try {
    key = decodeURIComponent(wildcard ?? '');
  } catch {
    return null;
  }
  const signed = verifyObjectUrl({ secret, method, key, query: new URL(request.url).searchParams });
  return signed && { key, contentType: signed.contentType };
}

/**
 * A single "bytes=" range resolved against size (RFC 9110 §14.1.2, §14.4): 'unsatisfiable' (416)
 * when it selects no byte (a first byte at or past the end, `bytes=-0`, any range of an empty
 * representation), or null to ignore the header and answer 200 (not one valid byte-range-spec:
 * another unit, several ranges, a last byte before the first).
 */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  // The last byte is checked against the first as written, before either meets the size.
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

async function* limited(body: ReadableStream<Uint8Array> | null, max: number): AsyncIterable<Uint8Array> {
  if (!body) return;
  let total = 0;
  for await (const chunk of readChunks(body)) {
    total += chunk.byteLength;
    if (total > max) throw tooLarge(`Uploads are limited to ${max} bytes`);
    yield chunk;
  }
}

/** Serves the signed links of the filesystem store (see signed-url.ts). */
export const objectRoutes = (store: ObjectStore, opts: ObjectRoutesOptions) =>
  new Elysia({ name: 'objects' })
    .get('/objects/*', async ({ request, params }) => {
      const signed = signedKey(request, params['*'], opts.secret, 'GET');
      if (!signed) return forbidden();
      const info = await store.head(signed.key);
      if (!info) return json(404, 'not_found', 'Not found');
      const header = request.headers.get('range');
      const range = header ? parseRange(header, info.size) : null;
      if (range === 'unsatisfiable') {
        return json(416, 'range_not_satisfiable', 'Range not satisfiable', { 'Content-Range': `bytes */${info.size}` });
      }
      const object = await store.get(signed.key, range ?? undefined);
      if (!object) return json(404, 'not_found', 'Not found');
      const headers: Record<string, string> = {
        ...SAFE_HEADERS,
        'Content-Type': object.contentType,
        'Accept-Ranges': 'bytes',
        ETag: `"${object.size.toString(16)}-${object.lastModified.getTime().toString(16)}"`,
        'Last-Modified': object.lastModified.toUTCString(),
      };
      const span = object.range;
      if (!span) return new Response(object.body, { headers: { ...headers, 'Content-Length': String(object.size) } });
      headers['Content-Range'] = `bytes ${span.start}-${span.end}/${object.size}`;
      headers['Content-Length'] = String(span.end - span.start + 1);
      return new Response(object.body, { status: 206, headers });
    })
    .put(
      '/objects/*',
      async ({ request, params }) => {
        const signed = signedKey(request, params['*'], opts.secret, 'PUT');
        if (!signed) return forbidden();
        const given = request.headers.get('content-type') ?? '';
        if (signed.contentType && given !== signed.contentType) {
          return json(415, 'unsupported_media_type', `Content-Type must be ${signed.contentType}`);
        }
        const length = Number(request.headers.get('content-length') ?? 0);
        if (length > opts.maxUploadBytes) return json(413, 'too_large', `Uploads are limited to ${opts.maxUploadBytes} bytes`);
        try {
          await store.put(signed.key, limited(request.body, opts.maxUploadBytes), { contentType: given || undefined });
        } catch (err) {
          if (err instanceof AppError) return json(err.status, err.code, err.message);
          throw err;
        }
        return new Response(null, { status: 200 });
      },
      { parse: 'none' },
    );
