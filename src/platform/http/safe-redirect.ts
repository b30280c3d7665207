/** A same-origin path to go back to, or the fallback: never another host (no open redirects). */
export function safeReturnPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length > 2000) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  if (/[\u0000-\u001f]/.test(candidate)) return fallback;
  try {
    const url = new URL(candidate, 'http://same.invalid');
    return url.origin === 'http://same.invalid' ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}
