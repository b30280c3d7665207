import { tooLarge } from './errors.ts';
import { tooLargeMessage } from './body-limits.ts';

export interface CountedRequest {
  /** The same request, its body read through the count. */
  request: Request;
  /** Whether the body went past the limit (whoever read it, and whatever they did with the error). */
  overLimit(): boolean;
  /** Whether there is a body whose end was never read. */
  unread(): boolean;
  /** Stops reading the body: what the client has not sent yet is not wanted. */
  abandon(): void;
}

/**
 * A request whose body is counted as it is read, whatever its framing (a chunked body declares no
 * length): past `maxBytes` the read fails with a 413 too_large AppError and the client's stream is
 * cancelled, so at most `maxBytes` (and one chunk) are ever held. Reads are pulled one chunk at a
 * time: nothing is read ahead of the reader.
 */
export function countedBody(request: Request, maxBytes: number): CountedRequest {
  if (request.body === null) return { request, overLimit: () => false, unread: () => false, abandon: () => {} };
  const source = request.body.getReader();
  let seen = 0;
  let over = false;
  let ended = false;
  const stop = () => {
    ended = true;
    source.cancel().catch(() => {});
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await source.read();
        if (done) {
          ended = true;
          return controller.close();
        }
        seen += value.byteLength;
        if (seen > maxBytes) {
          over = true;
          stop();
          controller.error(tooLarge(tooLargeMessage(maxBytes)));
          return;
        }
        controller.enqueue(value);
      },
      cancel: stop,
    },
    { highWaterMark: 0 },
  );
  const counted = new Request(request, { body, signal: request.signal, duplex: 'half' } as RequestInit);
  return { request: counted, overLimit: () => over, unread: () => !ended, abandon: () => ended || stop() };
}
