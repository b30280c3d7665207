import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The encodings the client takes (an explicit q=0 refuses one; `*` takes any). */
export function acceptedEncodings(acceptEncoding: string | null): Set<Encoding> {
  const accepted = new Set<Encoding>();
  if (!acceptEncoding) return accepted;
  const parts = acceptEncoding.split(',').map((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    return { name: name!.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
  });
  const ok = (name: string) => parts.some((a) => (a.name === name || a.name === '*') && a.q > 0);
  if (ok('br')) accepted.add('br');
  if (ok('gzip')) accepted.add('gzip');
  return accepted;
}

export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * Compresses a dynamic body: brotli at quality 5 and gzip at level 2 keep it cheap (static assets
 * are compressed once, at the highest settings). Text and plain Uint8Arrays are handed to zlib as
 * Buffers: under Bun, zlib takes a Buffer at half the cost of another typed array.
 */
export function compressBytes(body: Uint8Array | string, encoding: Encoding): Uint8Array {
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return encoding === 'br' ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(bytes, { level: 2 });
}

/**
 * Compresses a buffered text response. Streams (audio, SSE, large downloads) and already-encoded
 * bodies pass through untouched.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response;
  if (type.startsWith('text/event-stream') || response.status === 206 || request.method === 'HEAD') return response;
  const length = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(length) && length < MIN_BYTES) return response;
  const encoding = pickEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return withVary(response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  if (bytes.byteLength < MIN_BYTES) return new Response(bytes as BodyInit, { status: response.status, statusText: response.statusText, headers });
  const body = compressBytes(bytes, encoding);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  return new Response(body as BodyInit, { status: response.status, statusText: response.statusText, headers });
}

function withVary(response: Response): Response {
  response.headers.append('vary', 'Accept-Encoding');
  return response;
}
