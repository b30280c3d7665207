import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client } from 'arctic';
import { profileFromClaims } from './claims.ts';
import { bearer, callJson, type ClientConfig, exchangeCode, type Http, httpOf, isRecord, type ProviderOptions } from './http.ts';
import { type LoginProvider, OAuthError } from './types.ts';

export interface OidcConfig extends ClientConfig {
  issuer: string;
}

interface Discovery {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
}

const SCOPES = ['openid', 'profile', 'email'];

/**
 * Any OpenID Connect provider, found by issuer discovery: authorization code with PKCE (S256),
 * profile from the userinfo endpoint. Discovery is fetched on first use and kept; a failed one is not.
 */
export function createOidcProvider(config: OidcConfig, options: Omit<ProviderOptions, 'endpoints'> = {}): LoginProvider {
  const http = httpOf(options);
  const oauth = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  let discovery: Promise<Discovery> | null = null;
  const discover = (): Promise<Discovery> =>
    (discovery ??= discoverIssuer(http, config.issuer).catch((error: unknown) => {
      discovery = null;
      throw error;
    }));
  return {
    name: 'oidc',
    label: 'Single sign-on',
    async start(state) {
      const { authorizationEndpoint } = await discover();
      const codeVerifier = generateCodeVerifier();
      const url = oauth.createAuthorizationURLWithPKCE(authorizationEndpoint, state, CodeChallengeMethod.S256, codeVerifier, SCOPES);
      return { url, codeVerifier };
    },
    async finish(code, codeVerifier) {
      if (codeVerifier === null) throw new OAuthError('oidc: PKCE verifier missing');
      const endpoints = await discover();
      const tokens = await exchangeCode(http, endpoints.tokenEndpoint, config, code, codeVerifier);
      const claims = await callJson(http, 'oidc userinfo', endpoints.userinfoEndpoint, bearer(tokens.accessToken()));
      return profileFromClaims('oidc', claims, tokens, ['preferred_username', 'name']);
    },
  };
}

async function discoverIssuer(http: Http, issuer: string): Promise<Discovery> {
  const base = issuer.replace(/\/+$/, '');
  const data = await callJson(http, 'oidc discovery', `${base}/.well-known/openid-configuration`);
  if (!isRecord(data)) throw new OAuthError('oidc discovery: unexpected answer');
  // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched from.
  if (typeof data.issuer !== 'string' || data.issuer.replace(/\/+$/, '') !== base) {
    throw new OAuthError('oidc discovery: issuer mismatch');
  }
  const { authorization_endpoint, token_endpoint, userinfo_endpoint } = data;
  if (typeof authorization_endpoint !== 'string' || typeof token_endpoint !== 'string' || typeof userinfo_endpoint !== 'string') {
    throw new OAuthError('oidc discovery: endpoints missing');
  }
  return { authorizationEndpoint: authorization_endpoint, tokenEndpoint: token_endpoint, userinfoEndpoint: userinfo_endpoint };
}
