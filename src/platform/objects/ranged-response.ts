import type { ObjectInfo, ObjectStore } from './port.ts';
import { parseRange } from './routes.ts';

/**
 * A stored object as an HTTP answer: the whole object with its length, a single Range as 206, an
 * unsatisfiable one as 416, or the headers alone for HEAD; null when there is no such object.
 * `headers` are the caller's own (content type, disposition, caching); validators are added here.
 * `known`: the object's head when the caller has just read it.
 */
export async function objectResponse(
  objects: ObjectStore, key: string, request: Request, headers: Record<string, string>, known?: ObjectInfo,
): Promise<Response | null> {
  const info = known ?? (await objects.head(key));
  if (!info) return null;
  const all: Record<string, string> = {
    ...headers,
    'accept-ranges': 'bytes',
    etag: `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`,
    'last-modified': info.lastModified.toUTCString(),
  };
  if (request.method === 'HEAD') return new Response(lengthOnly(info.size), { headers: { ...all, 'content-length': String(info.size) } });
  const header = request.headers.get('range');
  const range = header ? parseRange(header, info.size) : null;
  if (range === 'unsatisfiable') {
    const body = JSON.stringify({ error: 'range_not_satisfiable', message: 'Range not satisfiable' });
    return new Response(body, { status: 416, headers: { 'content-type': 'application/json', 'content-range': `bytes */${info.size}` } });
  }
  const object = await objects.get(key, range ?? undefined);
  if (!object) return null;
  if (!object.range) return new Response(object.body, { headers: { ...all, 'content-length': String(object.size) } });
  const { start, end } = object.range;
  return new Response(object.body, {
    status: 206,
    headers: { ...all, 'content-range': `bytes ${start}-${end}/${object.size}`, 'content-length': String(end - start + 1) },
  });
}

const ZEROS = new Uint8Array(64 * 1024);

/**
 * Elysia 1.4 answers HEAD on a route with path parameters through its GET handler and then sets
 * Content-Length to the number of body bytes it counts before dropping them (compose.mjs, HEAD
 * branch of the general handler). A body of the object's length made of views of one zero buffer
 * keeps HEAD's Content-Length true without reading the object from the store.
 */
function lengthOnly(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, ZEROS.length);
      left -= n;
      controller.enqueue(ZEROS.subarray(0, n));
    },
  });
}
