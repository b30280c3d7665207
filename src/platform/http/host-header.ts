import { jsonError } from './respond.ts';

// A DNS name (letters, digits, hyphens; underscores too, as container and LAN names have them),
// an IPv4 address (a name of digits to this pattern) or a bracketed IPv6 address; then a port.
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOST = new RegExp(`^(?:(?<name>${LABEL}(?:\\.${LABEL})*\\.?)|\\[[0-9A-Fa-f:.]{2,45}\\])(?::(?<port>[0-9]{1,5}))?$`);
const MAX_NAME = 254; // 253 and a trailing dot

/** Whether a Host header is a host[:port] (RFC 9110 §7.2), the only thing links may be drawn to. */
export function isValidHost(value: string): boolean {
  const match = HOST.exec(value);
  if (!match) return false;
  const { name, port } = match.groups ?? {};
  if (name !== undefined && name.length > MAX_NAME) return false;
  if (port !== undefined && Number(port) > 65535) return false;
  return URL.canParse(`http://${value}/`);
}

/**
 * A request the server can name: a Host it came with is a host[:port], and its URL parses (the
 * runtime gives a bare path as the URL when the Host is unusable). Requests built in-process
 * carry no Host header and are judged by their URL alone.
 */
export function hasUsableHost(request: Request): boolean {
  const host = request.headers.get('host');
  if (host === null) return URL.canParse(request.url);
  return validHostCached(host) && URL.canParse(request.url);
}

/**
 * The hosts a site is reached at are a handful: their verdict is remembered. Bounded, so a client
 * sending a new Host on every request only costs the check itself.
 */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 64;

function validHostCached(host: string): boolean {
  let valid = verdicts.get(host);
  if (valid === undefined) {
    valid = isValidHost(host);
    if (verdicts.size < MAX_VERDICTS) verdicts.set(host, valid);
  }
  return valid;
}

export const badHost = () => jsonError(400, 'Bad Host header', 'invalid_request', { connection: 'close' });
