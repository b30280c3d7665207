import type { GoogleEndpoints } from '../../../src/integrations/oauth/google.ts';
import {
  type AuthorizeOptions, bearerOf, callbackUrl, clientOf, json, type PendingGrant, readAuthorizationUrl, s256, token,
} from './fake-common.ts';

export interface FakeGoogleProfile {
  sub: string;
  name: string;
  given_name?: string;
  email: string;
  email_verified: boolean;
  picture?: string;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Pass as `createGoogleProvider(client, { endpoints })`. */
  endpoints: GoogleEndpoints;
  /** Real Google origins → this server (see fetchVia). */
  routes: Record<string, string>;
  /** The profile of the next authorize() (then back to the default). */
  setNextProfile(profile: Partial<FakeGoogleProfile>): void;
  /** Validates the authorization URL (PKCE S256 required) and returns the callback URL with a code. */
  authorize(url: string | URL, options?: AuthorizeOptions): string;
  stop(): Promise<void>;
}

const DEFAULT_PROFILE: FakeGoogleProfile = {
  sub: '110000000000000000001',
  name: 'Grace Reader',
  given_name: 'Grace',
  email: 'grace.reader@example.test',
  email_verified: true,
  picture: 'https://lh3.googleusercontent.test/a/grace',
};

/** Google's authorization-code + PKCE protocol, on a free port of 127.0.0.1. */
export async function startFakeGoogle(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'google-client-id';
  const clientSecret = options.clientSecret ?? 'google-client-secret';
  const codes = new Map<string, PendingGrant<FakeGoogleProfile>>();
  const accessTokens = new Map<string, FakeGoogleProfile>();
  let next: Partial<FakeGoogleProfile> = {};

  async function tokenEndpoint(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const client = clientOf(request, form);
    if (client?.id !== clientId || client.secret !== clientSecret) return json({ error: 'invalid_client' }, 401);
    if (form.get('grant_type') !== 'authorization_code') return json({ error: 'unsupported_grant_type' }, 400);
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier');
    if (!grant || grant.redirectUri !== form.get('redirect_uri') || !verifier || s256(verifier) !== grant.challenge) {
      return json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
    }
    const accessToken = token();
    accessTokens.set(accessToken, grant.profile);
    const claims = { iss: 'https://accounts.google.com', aud: clientId, sub: grant.profile.sub, iat: Math.floor(Date.now() / 1000) };
    const idToken = [{ alg: 'none' }, claims].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');
    return json({ access_token: accessToken, id_token: `${idToken}.`, token_type: 'Bearer', expires_in: 3599, scope: 'openid profile email' });
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (request.method === 'POST' && pathname === '/token') return tokenEndpoint(request);
      if (request.method === 'GET' && pathname === '/v1/userinfo') {
        const profile = accessTokens.get(bearerOf(request) ?? '');
        return profile ? json(profile) : json({ error: 'invalid_token' }, 401);
      }
      return json({ error: 'not_found' }, 404);
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    clientId,
    clientSecret,
    endpoints: { authorizationEndpoint: `${url}/o/oauth2/v2/auth`, tokenEndpoint: `${url}/token`, userinfoEndpoint: `${url}/v1/userinfo` },
    routes: { 'https://accounts.google.com': url, 'https://oauth2.googleapis.com': url, 'https://openidconnect.googleapis.com': url },
    setNextProfile(profile) {
      next = profile;
    },
    authorize(input, options = {}) {
      const params = readAuthorizationUrl(input, '/o/oauth2/v2/auth', clientId, ['openid', 'profile', 'email']);
      const challenge = params.get('code_challenge');
      if (params.get('code_challenge_method') !== 'S256' || !challenge) throw new Error('fake google: PKCE S256 required');
      if (options.error) return callbackUrl(params, { error: options.error });
      const code = token();
      codes.set(code, { redirectUri: params.get('redirect_uri')!, challenge, profile: { ...DEFAULT_PROFILE, ...next } });
      next = {};
      return callbackUrl(params, { code });
    },
    async stop() {
      await server.stop(true);
    },
  };
}
