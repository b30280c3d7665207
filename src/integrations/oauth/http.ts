import { decodeIdToken, OAuth2Tokens } from 'arctic';
import { OAuthError } from './types.ts';

const TIMEOUT_MS = 10_000;

/** One configured client of a provider, with the callback URL it registered. */
export interface ClientConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Test-only knobs of a provider factory; production (createLoginProviders) passes at most `fetch`. */
export interface ProviderOptions<Endpoints = never> {
  endpoints?: Partial<Endpoints>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface Http {
  fetch: typeof fetch;
  timeoutMs: number;
}

export function httpOf(options: ProviderOptions<unknown>): Http {
  return { fetch: options.fetch ?? fetch, timeoutMs: options.timeoutMs ?? TIMEOUT_MS };
}

/**
 * A provider call that must answer JSON. Every failure becomes an OAuthError naming the step, the
 * status and the OAuth error code at most: bodies may echo codes or tokens, so they stay out.
 */
export async function callJson(http: Http, step: string, url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await http.fetch(url, { ...init, signal: AbortSignal.timeout(http.timeoutMs) });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new OAuthError(`${step}: provider ${timedOut ? 'timed out' : 'unreachable'}`, { cause });
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new OAuthError(`${step}: ${response.ok ? 'bad JSON' : `HTTP ${response.status}`} from provider`);
  }
  if (!response.ok) throw new OAuthError(`${step}: HTTP ${response.status}${errorCode(data)}`);
  return data;
}

function errorCode(data: unknown): string {
  const code = isRecord(data) ? data.error : undefined;
  return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? ` ${code}` : '';
}

/**
 * The authorization-code grant, done here rather than by arctic's validateAuthorizationCode because
 * arctic always uses the global fetch with no timeout. Same request shape as arctic (Basic client auth).
 */
export async function exchangeCode(
  http: Http,
  tokenEndpoint: string,
  client: ClientConfig,
  code: string,
  codeVerifier: string | null,
): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: client.redirectUri });
  if (codeVerifier !== null) body.set('code_verifier', codeVerifier);
  const credentials = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
  const data = await callJson(http, 'token exchange', tokenEndpoint, {
    method: 'POST',
    body,
    headers: { accept: 'application/json', authorization: `Basic ${credentials}`, 'user-agent': 'chapterhouse' },
  });
  // GitHub reports a bad code with 200 and an `error` field.
  if (!isRecord(data) || typeof data.access_token !== 'string') {
    throw new OAuthError(`token exchange: refused${errorCode(data)}`);
  }
  return new OAuth2Tokens(data);
}

/** The id_token (when given) and the userinfo answer must be about the same user (OIDC Core 5.3.2). */
export function checkSubject(tokens: OAuth2Tokens, sub: string): void {
  if (!('id_token' in tokens.data)) return;
  let claims: object;
  try {
    claims = decodeIdToken(tokens.idToken());
  } catch {
    throw new OAuthError('token exchange: malformed id_token');
  }
  if ('sub' in claims && claims.sub !== sub) throw new OAuthError('userinfo: subject differs from id_token');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function bearer(token: string, extra: Record<string, string> = {}): RequestInit {
  return { headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...extra } };
}

/** Some providers (Cognito among them) send email_verified as the string "true". */
export function verified(value: unknown): boolean {
  return value === true || value === 'true';
}

export function localPart(email: string | null): string | null {
  return email ? (email.split('@')[0] ?? null) : null;
}
