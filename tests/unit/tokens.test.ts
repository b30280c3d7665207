import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { issueToken, verifyToken } from '../../src/features/accounts/sessions/tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hmac';
const user = '0f8fad5b-d9cb-469f-a165-70867728950e';
const now = 1_800_000_000;

describe('auth tokens', () => {
  test('four segments: user, expiry, signature, session; verified back', () => {
    const token = issueToken(secret, user, 'sess_abcdefghijklmnop', now + 60);
    expect(token.split('.')).toHaveLength(4);
    expect(verifyToken(secret, token, now)).toEqual({ userId: user, expires: now + 60, sessionId: 'sess_abcdefghijklmnop' });
  });

  test('the signature is base64url HMAC-SHA256 over the documented string', () => {
    const token = issueToken(secret, user, 'sess_abcdefghijklmnop', now + 60);
    const expected = createHmac('sha256', secret).update(`${user}.${now + 60}.sess_abcdefghijklmnop`).digest('base64url');
    expect(token.split('.')[2]).toBe(expected);
    expect(expected).not.toContain('=');
    const legacy = `${user}.${now + 60}.${createHmac('sha256', secret).update(`${user}.${now + 60}`).digest('base64url')}`;
    expect(verifyToken(secret, legacy, now)).toEqual({ userId: user, expires: now + 60, sessionId: null });
  });

  test('tampered, expired, wrong-secret and malformed tokens are refused', () => {
    const token = issueToken(secret, user, 'sess_abcdefghijklmnop', now + 60);
    const [u, e, s, sid] = token.split('.') as [string, string, string, string];
    const flip = (x: string) => (x[0] === 'A' ? 'B' : 'A') + x.slice(1);
    expect(verifyToken(secret, [u, e, flip(s), sid].join('.'), now)).toBeNull();
    expect(verifyToken(secret, [u, String(now + 99999), s, sid].join('.'), now)).toBeNull();
    expect(verifyToken(secret, [u, e, s, 'sess_someoneelsesession'].join('.'), now)).toBeNull();
    expect(verifyToken(secret, [flip(u), e, s, sid].join('.'), now)).toBeNull();
    expect(verifyToken(secret, token, now + 61)).toBeNull();
    expect(verifyToken('another-secret-that-is-also-long-enough', token, now)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c.d.e', `${u}.${e}.${s}.`, `${u}.-5.${s}`, 'x'.repeat(600)]) expect(verifyToken(secret, bad, now)).toBeNull();
  });
});
