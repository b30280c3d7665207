import { createHash, randomBytes } from 'node:crypto';

/** What an authorization request left behind for the token endpoint to check. */
export interface PendingGrant<Profile> {
  redirectUri: string;
  challenge: string | null;
  profile: Profile;
}

export interface AuthorizeOptions {
  /** Answer the callback with this OAuth error (e.g. `access_denied`) instead of a code. */
  error?: string;
}

export const token = (): string => randomBytes(18).toString('base64url');
export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

/** Client authentication as providers accept it: HTTP Basic, or client_id/client_secret in the form. */
export function clientOf(request: Request, form: URLSearchParams): { id: string; secret: string } | null {
  const basic = /^Basic (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString();
    const at = decoded.indexOf(':');
    return at < 0 ? null : { id: decoded.slice(0, at), secret: decoded.slice(at + 1) };
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id && secret ? { id, secret } : null;
}

export function bearerOf(request: Request): string | null {
  return /^(?:Bearer|token) (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

/**
 * Checks an authorization URL as the provider's consent page would (the path, not the host: a URL
 * built with the real endpoints is accepted too) and returns its parameters.
 */
export function readAuthorizationUrl(input: string | URL, path: string, clientId: string, scopes: string[]): URLSearchParams {
  const url = new URL(input);
  const params = url.searchParams;
  const fail = (why: string): never => {
    throw new Error(`fake provider: bad authorization URL (${why}): ${url.pathname}`);
  };
  if (url.pathname !== path) fail(`path ${url.pathname}`);
  if (params.get('response_type') !== 'code') fail('response_type');
  if (params.get('client_id') !== clientId) fail('client_id');
  if (!params.get('redirect_uri')) fail('redirect_uri');
  if (!params.get('state')) fail('state');
  const granted = (params.get('scope') ?? '').split(' ');
  for (const scope of scopes) if (!granted.includes(scope)) fail(`scope ${scope}`);
  return params;
}

export function callbackUrl(params: URLSearchParams, answer: Record<string, string>): string {
  const callback = new URL(params.get('redirect_uri')!);
  for (const [key, value] of Object.entries(answer)) callback.searchParams.set(key, value);
  callback.searchParams.set('state', params.get('state')!);
  return callback.toString();
}

/**
 * A fetch that sends requests for the real provider origins to the fakes (for code that cannot take
 * endpoints, e.g. `createLoginProviders({ ..., fetch: fetchVia(google, github) })`); others pass through.
 */
export function fetchVia(...fakes: { routes: Record<string, string> }[]): typeof fetch {
  const routes: Record<string, string> = Object.assign({}, ...fakes.map((fake) => fake.routes));
  const routed = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const target = routes[url.origin];
    return fetch(target ? new Request(`${target}${url.pathname}${url.search}`, request) : request);
  };
  return Object.assign(routed, { preconnect: fetch.preconnect });
}
