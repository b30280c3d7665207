/** The cookies of a request, parsed once (a page reads a dozen: session, look, font offer…). */
const parsed = new WeakMap<Request, Map<string, string | null>>();

function cookiesOf(request: Request): Map<string, string | null> {
  let cookies = parsed.get(request);
  if (cookies) return cookies;
  cookies = new Map();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue; // the first of two with one name wins, as before
    let value: string | null;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      value = null;
    }
    cookies.set(name, value);
  }
  parsed.set(request, cookies);
  return cookies;
}

/** Reads one cookie from a Request; tolerant of malformed headers. */
export function readCookie(request: Request, name: string): string | null {
  return cookiesOf(request).get(name) ?? null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict';
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, `Max-Age=${options.maxAgeSeconds}`, `SameSite=${options.sameSite ?? 'Lax'}`];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
