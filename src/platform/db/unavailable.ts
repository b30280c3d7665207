/**
 * Is this error the database being out of reach (down, restarting, the network cut), rather than
 * a fault of the statement? Such a request is answered 503 `unavailable`: the reader may try again
 * in a moment, and the operator sees one warning line instead of a stack trace per request.
 *   - node-postgres without a SQLSTATE: refused or reset sockets, a connection closed under a
 *     query, the pool's connect timeout;
 *   - SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, starting up), 53300 (too
 *     many connections).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection refused',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
