import type { OAuth2Tokens } from 'arctic';
import { checkSubject, isRecord, localPart, text, verified } from './http.ts';
import { OAuthError, type ProviderName, type ProviderProfile } from './types.ts';

/**
 * A ProviderProfile from OpenID userinfo claims. `usernameClaims` are tried in order, then the email's
 * local part, then the subject.
 */
export function profileFromClaims(
  provider: ProviderName,
  claims: unknown,
  tokens: OAuth2Tokens,
  usernameClaims: string[],
): ProviderProfile {
  const sub = isRecord(claims) ? text(claims.sub) : null;
  if (!isRecord(claims) || sub === null) throw new OAuthError('userinfo: no subject');
  checkSubject(tokens, sub);
  const email = text(claims.email);
  const named = usernameClaims.map((claim) => text(claims[claim])).find((value) => value !== null);
  return {
    provider,
    providerUserId: sub,
    username: named ?? localPart(email) ?? sub,
    email,
    emailVerified: email !== null && verified(claims.email_verified),
    pictureUrl: text(claims.picture),
  };
}
