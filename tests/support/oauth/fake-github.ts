import type { GitHubEndpoints } from '../../../src/integrations/oauth/github.ts';
import {
  type AuthorizeOptions, bearerOf, callbackUrl, clientOf, json, type PendingGrant, readAuthorizationUrl, s256, token,
} from './fake-common.ts';

export interface FakeGitHubProfile {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string;
  /** The public email of GET /user (often null). */
  email: string | null;
  /** GET /user/emails. */
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGitHub {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Pass as `createGitHubProvider(client, { endpoints })`. */
  endpoints: GitHubEndpoints;
  /** Real GitHub origins → this server (see fetchVia). */
  routes: Record<string, string>;
  setNextProfile(profile: Partial<FakeGitHubProfile>): void;
  authorize(url: string | URL, options?: AuthorizeOptions): string;
  stop(): Promise<void>;
}

const DEFAULT_PROFILE: FakeGitHubProfile = {
  id: 583231,
  login: 'octo-reader',
  name: 'Octo Reader',
  avatar_url: 'https://avatars.githubusercontent.test/u/583231',
  email: null,
  emails: [
    { email: 'octo@example.test', primary: true, verified: true },
    { email: 'octo-old@example.test', primary: false, verified: false },
  ],
};

/** GitHub's OAuth app protocol and the two REST calls a login needs, on a free port of 127.0.0.1. */
export async function startFakeGitHub(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeGitHub> {
  const clientId = options.clientId ?? 'github-client-id';
  const clientSecret = options.clientSecret ?? 'github-client-secret';
  const codes = new Map<string, PendingGrant<FakeGitHubProfile>>();
  const accessTokens = new Map<string, FakeGitHubProfile>();
  let next: Partial<FakeGitHubProfile> = {};

  // GitHub answers token errors with 200 and an `error` field, and JSON only when asked for it.
  async function tokenEndpoint(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const answer = (body: Record<string, string>): Response =>
      (request.headers.get('accept') ?? '').includes('json') ? json(body) : new Response(new URLSearchParams(body).toString());
    const client = clientOf(request, form);
    if (client?.id !== clientId || client.secret !== clientSecret) return answer({ error: 'incorrect_client_credentials' });
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!grant) return answer({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
    if (form.has('redirect_uri') && form.get('redirect_uri') !== grant.redirectUri) return answer({ error: 'redirect_uri_mismatch' });
    const verifier = form.get('code_verifier');
    if (grant.challenge !== null && (!verifier || s256(verifier) !== grant.challenge)) return answer({ error: 'bad_verification_code' });
    const accessToken = `gho_${token()}`;
    accessTokens.set(accessToken, grant.profile);
    return answer({ access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
  }

  function api(request: Request, pathname: string): Response {
    if (!request.headers.get('user-agent')) return json({ message: 'Request forbidden by administrative rules.' }, 403);
    const profile = accessTokens.get(bearerOf(request) ?? '');
    if (!profile) return json({ message: 'Bad credentials', status: '401' }, 401);
    const { emails, ...user } = profile;
    return pathname === '/user' ? json(user) : json(emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })));
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (request.method === 'POST' && pathname === '/login/oauth/access_token') return tokenEndpoint(request);
      if (request.method === 'GET' && (pathname === '/user' || pathname === '/user/emails')) return api(request, pathname);
      return json({ message: 'Not Found' }, 404);
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    clientId,
    clientSecret,
    endpoints: { authorizationEndpoint: `${url}/login/oauth/authorize`, tokenEndpoint: `${url}/login/oauth/access_token`, apiBase: url },
    routes: { 'https://github.com': url, 'https://api.github.com': url },
    setNextProfile(profile) {
      next = profile;
    },
    authorize(input, options = {}) {
      const params = readAuthorizationUrl(input, '/login/oauth/authorize', clientId, ['read:user', 'user:email']);
      if (options.error) return callbackUrl(params, { error: options.error });
      const code = token();
      const challenge = params.get('code_challenge_method') === 'S256' ? params.get('code_challenge') : null;
      codes.set(code, { redirectUri: params.get('redirect_uri')!, challenge, profile: { ...DEFAULT_PROFILE, ...next } });
      next = {};
      return callbackUrl(params, { code });
    },
    async stop() {
      await server.stop(true);
    },
  };
}
