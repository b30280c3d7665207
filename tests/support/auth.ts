import type { TestApp } from './app.ts';

export const DEBUG_TOKEN = 'debug-login-token-for-tests-0123';
export const TEST_ORIGIN = 'http://localhost:3000';

export interface Session {
  user: { id: string; username: string; role: string };
  token: string;
  /** The Cookie header a browser would send afterwards (auth_token and session_id). */
  cookie: string;
}

export function cookieHeader(response: Response, previous = ''): string {
  const jar = new Map(previous.split('; ').filter(Boolean).map((c) => [c.split('=')[0]!, c] as const));
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(';')[0]!;
    const name = pair.split('=')[0]!;
    if (/Max-Age=0/i.test(set)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/** Signs in through the debug login, like a test client of the real API would. */
export async function loginAs(
  app: TestApp,
  username: string,
  options: { role?: 'user' | 'pro' | 'admin'; email?: string; userAgent?: string; cookie?: string; sessionId?: string } = {},
): Promise<Session> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', 'user-agent': options.userAgent ?? 'test-agent/1.0' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.sessionId) headers['x-session-id'] = options.sessionId;
  const res = await app.fetch('/api/auth/debug-login', { method: 'POST', headers, body: JSON.stringify({ token: DEBUG_TOKEN, username, ...(options.role ? { role: options.role } : {}), ...(options.email ? { email: options.email } : {}) }) });
  if (res.status !== 200) throw new Error(`debug login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: Session['user']; token: string };
  return { user: body.user, token: body.token, cookie: cookieHeader(res, options.cookie) };
}
