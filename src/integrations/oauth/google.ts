import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client } from 'arctic';
import { profileFromClaims } from './claims.ts';
import { bearer, callJson, type ClientConfig, exchangeCode, httpOf, type ProviderOptions } from './http.ts';
import { type LoginProvider, OAuthError } from './types.ts';

export interface GoogleEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
}

// The endpoints of arctic's Google class, which hard-codes them; userinfo from Google's discovery document.
export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
};

const SCOPES = ['openid', 'profile', 'email'];

/** Google sign-in: authorization code with PKCE (S256), profile from the OpenID userinfo endpoint. */
export function createGoogleProvider(client: ClientConfig, options: ProviderOptions<GoogleEndpoints> = {}): LoginProvider {
  const endpoints = { ...GOOGLE_ENDPOINTS, ...options.endpoints };
  const http = httpOf(options);
  const oauth = new OAuth2Client(client.clientId, client.clientSecret, client.redirectUri);
  return {
    name: 'google',
    label: 'Google',
    async start(state) {
      const codeVerifier = generateCodeVerifier();
      const url = oauth.createAuthorizationURLWithPKCE(
        endpoints.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      );
      return { url, codeVerifier };
    },
    async finish(code, codeVerifier) {
      if (codeVerifier === null) throw new OAuthError('google: PKCE verifier missing');
      const tokens = await exchangeCode(http, endpoints.tokenEndpoint, client, code, codeVerifier);
      const claims = await callJson(http, 'google userinfo', endpoints.userinfoEndpoint, bearer(tokens.accessToken()));
      return profileFromClaims('google', claims, tokens, ['name', 'given_name']);
    },
  };
}
