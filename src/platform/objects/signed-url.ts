import { createHmac, timingSafeEqual } from 'node:crypto';
import { encodeKey, validateKey } from './keys.ts';

/**
 * Signed links to the filesystem store, served by routes.ts. The signature covers method, key,
 * expiry and (for uploads) the content type, so none of them can be changed without the secret.
 */
export type SignedMethod = 'GET' | 'PUT';

export interface SignInput {
  baseUrl: string;
  secret: string;
  method: SignedMethod;
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  contentType?: string;
}

function signature(secret: string, method: SignedMethod, key: string, expires: number, contentType: string): string {
  return createHmac('sha256', secret).update(`${method}\n${key}\n${expires}\n${contentType}`).digest('base64url');
}

export function signObjectUrl(input: SignInput): string {
  const key = validateKey(input.key);
  const expires = Math.floor(input.expiresAt);
  const query = new URLSearchParams({ method: input.method, expires: String(expires) });
  if (input.contentType) query.set('type', input.contentType);
  query.set('sig', signature(input.secret, input.method, key, expires, input.contentType ?? ''));
  return `${input.baseUrl.replace(/\/+$/, '')}/objects/${encodeKey(key)}?${query}`;
}

export interface VerifyInput {
  secret: string;
  /** The method of the request being served. */
  method: SignedMethod;
  key: string;
  query: URLSearchParams;
  /** Unix seconds; defaults to now. */
  now?: number;
}

/** The signed content type ('' when none was signed), or null when the link is invalid or expired. */
export function verifyObjectUrl(input: VerifyInput): { contentType: string } | null {
  const { query } = input;
  const sig = query.get('sig');
  const expiresText = query.get('expires');
  if (!sig || !expiresText || !/^\d{1,12}$/.test(expiresText) || query.get('method') !== input.method) return null;
  const expires = Number(expiresText);
  const now = input.now ?? Date.now() / 1000;
  if (expires < now) return null;
  const contentType = query.get('type') ?? '';
  const expected = Buffer.from(signature(input.secret, input.method, input.key, expires, contentType));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { contentType };
}
