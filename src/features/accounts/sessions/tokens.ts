import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Auth tokens exactly as docs/api.md (decisions.md, Identity):
 *   legacy: <userId>.<expires>.<sig>              sig over "<userId>.<expires>"
 *   current: <userId>.<expires>.<sig>.<sessionId> sig over "<userId>.<expires>.<sessionId>"
 * expires is Unix seconds; sig is base64url (no padding) HMAC-SHA256 with AUTH_SECRET.
 */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 3600;

export interface TokenClaims {
  userId: string;
  expires: number;
  /** null for a legacy three-segment token (not checked against user_sessions). */
  sessionId: string | null;
}

const SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function issueToken(secret: string, userId: string, sessionId: string | null, expires = Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS): string {
  const payload = sessionId ? `${userId}.${expires}.${sessionId}` : `${userId}.${expires}`;
  const signature = sign(secret, payload);
  return sessionId ? `${userId}.${expires}.${signature}.${sessionId}` : `${userId}.${expires}.${signature}`;
}

/** null for anything malformed, forged or expired: the caller is then anonymous. */
export function verifyToken(secret: string, token: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenClaims | null {
  if (token.length > 512) return null;
  const parts = token.split('.');
  if (parts.length !== 3 && parts.length !== 4) return null;
  if (!parts.every((p) => SEGMENT.test(p))) return null;
  const [userId, expiresText, signature, sessionId = null] = parts as [string, string, string, string?];
  if (!/^\d{1,12}$/.test(expiresText)) return null;
  const expected = Buffer.from(sign(secret, sessionId ? `${userId}.${expiresText}.${sessionId}` : `${userId}.${expiresText}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expires = Number(expiresText);
  if (expires <= nowSeconds) return null;
  return { userId, expires, sessionId };
}
