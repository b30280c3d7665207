import { badRequest } from '../http/errors.ts';

export const MAX_KEY_LENGTH = 512;

// Deliberately narrow: keys end up as file paths (fs adapter) and URL paths (both adapters),
// so anything needing escaping or meaning something to a shell or a filesystem is refused.
const ALLOWED = /^[A-Za-z0-9._~@=,+\/-]+$/;

function check(value: unknown, allowTrailingSlash: boolean): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_KEY_LENGTH) throw invalid();
  if (!ALLOWED.test(value)) throw invalid(); // also rejects "\\", NUL, control chars, spaces
  if (value.startsWith('/') || value.includes('//') || value.includes('..')) throw invalid();
  const segments = value.split('/');
  if (allowTrailingSlash && segments.at(-1) === '') segments.pop();
  if (segments.some((s) => s === '' || s === '.')) throw invalid();
  return value;
}

const invalid = () => badRequest('Invalid object key');

/** Returns the key unchanged, or throws a 400 AppError. */
export function validateKey(key: string): string {
  return check(key, false);
}

/** Like validateKey, but the empty prefix (everything) and a trailing "/" are allowed. */
export function validatePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  return check(prefix, true);
}

/** Percent-encodes each segment; "/" stays a separator. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
