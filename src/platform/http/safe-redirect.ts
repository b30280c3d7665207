const SAME = 'http://same.invalid';

/**
 * A same-origin path to go back to, or the fallback: never another host (no open redirects).
 * The candidate is normalised first and the result is what is checked: the URL parser removes dot
 * segments (`/.//evil` → `//evil`), reads `%2e` as a dot and `\` as `/`, so a check of the raw
 * string alone lets a protocol-relative path through.
 */
export function safeReturnPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length > 2000) return fallback;
  if (!candidate.startsWith('/') || /[\u0000-\u001f\\]/.test(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, SAME);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME) return fallback;
  const path = url.pathname + url.search + url.hash;
  return isLocalPath(path) ? path : fallback;
}

/** One leading slash, then anything but a second slash or a backslash (which browsers read as a host). */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\' && !/[\u0000-\u001f]/.test(path);
}
