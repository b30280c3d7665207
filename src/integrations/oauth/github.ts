import { OAuth2Client } from 'arctic';
import { bearer, callJson, type ClientConfig, exchangeCode, httpOf, isRecord, type ProviderOptions, text } from './http.ts';
import { type LoginProvider, OAuthError, type ProviderProfile } from './types.ts';

export interface GitHubEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** REST API root: `/user` and `/user/emails` hang below it. */
  apiBase: string;
}

export const GITHUB_ENDPOINTS: GitHubEndpoints = {
  authorizationEndpoint: 'https://github.com/login/oauth/authorize',
  tokenEndpoint: 'https://github.com/login/oauth/access_token',
  apiBase: 'https://api.github.com',
};

const SCOPES = ['read:user', 'user:email'];
// The REST API refuses requests without a User-Agent.
const API_HEADERS = { accept: 'application/vnd.github+json', 'user-agent': 'chapterhouse', 'x-github-api-version': '2022-11-28' };

/** GitHub sign-in: plain authorization code (no PKCE), profile from the REST API. */
export function createGitHubProvider(client: ClientConfig, options: ProviderOptions<GitHubEndpoints> = {}): LoginProvider {
  const endpoints = { ...GITHUB_ENDPOINTS, ...options.endpoints };
  const api = endpoints.apiBase.replace(/\/+$/, '');
  const http = httpOf(options);
  const oauth = new OAuth2Client(client.clientId, client.clientSecret, client.redirectUri);
  return {
    name: 'github',
    label: 'GitHub',
    async start(state) {
      return { url: oauth.createAuthorizationURL(endpoints.authorizationEndpoint, state, SCOPES), codeVerifier: null };
    },
    async finish(code) {
      const tokens = await exchangeCode(http, endpoints.tokenEndpoint, client, code, null);
      const init = bearer(tokens.accessToken(), API_HEADERS);
      const [user, emails] = await Promise.all([
        callJson(http, 'github user', `${api}/user`, init),
        callJson(http, 'github emails', `${api}/user/emails`, init),
      ]);
      return githubProfile(user, emails);
    },
  };
}

function githubProfile(user: unknown, emails: unknown): ProviderProfile {
  if (!isRecord(user) || typeof user.id !== 'number' || text(user.login) === null) {
    throw new OAuthError('github user: unexpected answer');
  }
  if (!Array.isArray(emails)) throw new OAuthError('github emails: unexpected answer');
  const listed = emails.filter(isRecord);
  // The public email of /user may be null or unverified; the primary address carries the verification.
  const primary = listed.find((e) => e.primary === true && text(e.email) !== null);
  const publicEmail = text(user.email);
  const email = text(primary?.email) ?? publicEmail;
  const entry = listed.find((e) => e.email === email);
  return {
    provider: 'github',
    providerUserId: String(user.id),
    username: text(user.login)!,
    email,
    emailVerified: entry?.verified === true,
    pictureUrl: text(user.avatar_url),
  };
}
