export interface ChunkedUpload {
  status: number;
  contentType: string;
  body: string;
  /** Body bytes the client was asked for before the server answered or hung up (socket buffers included). */
  pulled: number;
}

/**
 * POSTs `prefix` then `x`s up to `totalBytes` as a stream: fetch sends it with Transfer-Encoding:
 * chunked (no length declared), and pulls each 64 KB chunk only when the connection takes it, so
 * `pulled` is what the server was willing to read, plus what the sockets buffer.
 */
export async function postChunked(url: string, options: { contentType: string; totalBytes: number; prefix?: string; headers?: Record<string, string> }): Promise<ChunkedUpload> {
  const chunk = new Uint8Array(64 * 1024).fill('x'.charCodeAt(0));
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (options.prefix) controller.enqueue(new TextEncoder().encode(options.prefix));
      },
      pull(controller) {
        if (pulled >= options.totalBytes) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  const res = await fetch(url, { method: 'POST', body, duplex: 'half', headers: { 'content-type': options.contentType, ...options.headers } } as RequestInit);
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text(), pulled };
}
