import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { CacheUnavailable } from '../../../platform/cache/port.ts';
import { readCookie, serializeCookie } from '../../../platform/http/cookies.ts';
import type { AccountsDeps } from '../service.ts';

/**
 * Post/Redirect/Get for an app password created without JavaScript: the form answers 303, and the
 * account page it leads to shows the password once, so reloading that page creates nothing. The
 * password crosses the redirect sealed: the shared cache holds it encrypted (AES-256-GCM, bound to
 * the account) under the hash of a random key, and only that key travels, in a short-lived
 * HttpOnly cookie for /account. The first page that opens it deletes it. The password is never in
 * an address or a log line, and the cache alone cannot read it.
 */
export const HANDOVER_COOKIE = 'app_password_shown';
export const HANDOVER_SECONDS = 300;

export interface ShownPassword {
  name: string;
  password: string;
}

type Deps = Pick<AccountsDeps, 'cache' | 'clock' | 'config'>;

interface Sealed {
  /** Until when it may be shown, by the app's clock (the cache's TTL only tidies up). */
  until: number;
  iv: string;
  tag: string;
  data: string;
}

const entryOf = (key: Buffer) => `app-password-shown:${createHash('sha256').update(key).digest('base64url')}`;

function cookie(deps: Deps, value: string, maxAgeSeconds: number): string {
  return serializeCookie(HANDOVER_COOKIE, value, { maxAgeSeconds, httpOnly: true, secure: deps.config.baseUrl.startsWith('https:'), sameSite: 'Strict', path: '/account' });
}

/** Seals `shown` for the next account page of `userId`; the Set-Cookie header that carries the key. */
export async function sealForNextPage(deps: Deps, userId: string, shown: ShownPassword): Promise<string> {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(JSON.stringify(shown), 'utf8'), cipher.final()]);
  const sealed: Sealed = { until: deps.clock().getTime() + HANDOVER_SECONDS * 1000, iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), data: data.toString('base64url') };
  await deps.cache.set(entryOf(key), JSON.stringify(sealed), HANDOVER_SECONDS);
  return cookie(deps, key.toString('base64url'), HANDOVER_SECONDS);
}

function open(sealed: Sealed, key: Buffer, userId: string): ShownPassword | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url')).setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString('utf8')) as ShownPassword;
  } catch {
    // Sealed for another account (the browser signed in as someone else since), or tampered with.
    return null;
  }
}

/**
 * The password sealed for this page of `userId`, once: a second page with the same cookie (a
 * reload, a copy of the cookie, two tabs at once) gets null, as does one past HANDOVER_SECONDS.
 * `clear` is the Set-Cookie that removes the cookie, whenever the request carried one.
 */
export async function openOnce(deps: Deps, request: Request, userId: string): Promise<{ shown: ShownPassword | null; clear: string | null }> {
  const raw = readCookie(request, HANDOVER_COOKIE);
  if (raw === null) return { shown: null, clear: null };
  const clear = cookie(deps, '', 0);
  const key = Buffer.from(raw, 'base64url');
  if (key.length !== 32) return { shown: null, clear };
  const entry = entryOf(key);
  try {
    // Only the first opener wins, even when two pages ask at the same moment.
    if (!(await deps.cache.setIfAbsent(`${entry}:opened`, '1', HANDOVER_SECONDS))) return { shown: null, clear };
    const stored = await deps.cache.get(entry);
    await deps.cache.del(entry);
    const sealed = stored ? (JSON.parse(stored) as Sealed) : null;
    if (!sealed || sealed.until <= deps.clock().getTime()) return { shown: null, clear };
    return { shown: open(sealed, key, userId), clear };
  } catch (error) {
    // Without the cache the page still opens; the password is lost, and can be revoked and made again.
    if (error instanceof CacheUnavailable) return { shown: null, clear };
    throw error;
  }
}
