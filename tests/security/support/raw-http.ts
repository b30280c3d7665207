import { connect, type Socket } from 'node:net';

/** What came back on the socket: the status line's code, the headers (lower-case names) and the body. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses an HTTP/1.1 response read whole (Connection: close); a chunked body is joined. */
export function parseResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  let body = end === -1 ? '' : text.slice(end + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers['transfer-encoding']?.includes('chunked')) body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

function unchunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd === -1) return out;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!size) return out;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

function open(port: number): Promise<Socket> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => ok(socket));
    socket.once('error', fail);
  });
}

/** Writes `request` as given (any Host, any framing) and reads until the server closes. */
export async function rawRequest(port: number, request: string): Promise<RawResponse> {
  const socket = await open(port);
  const received: Buffer[] = [];
  socket.on('data', (data: Buffer) => received.push(data));
  socket.on('error', () => {});
  const closed = new Promise<void>((ok) => socket.once('close', () => ok()));
  socket.write(request);
  await closed;
  return parseResponse(Buffer.concat(received).toString('latin1'));
}
