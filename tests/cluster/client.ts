import { DEBUG_TOKEN } from '../support/auth.ts';
import type { Member } from '../support/cluster.ts';

/** A client of one web member, as a mobile app would call it: JSON, a Bearer token or an anonymous session id. */
export interface Caller {
  token?: string;
  anon?: string;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export async function call(web: Member, method: string, path: string, who: Caller = {}, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'cluster-test/1.0' };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  if (who.anon) headers['x-session-id'] = who.anon;
  const res = await fetch(`${web.base}${path}`, { method, headers, body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers };
}

export async function login(web: Member, username: string, options: { role?: 'user' | 'pro' | 'admin'; email?: string; userAgent?: string } = {}): Promise<{ token: string; user: { id: string; username: string; role: string } }> {
  const res = await fetch(`${web.base}/api/auth/debug-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': options.userAgent ?? 'cluster-test/1.0' },
    body: JSON.stringify({ token: DEBUG_TOKEN, username, ...(options.role ? { role: options.role } : {}), ...(options.email ? { email: options.email } : {}) }),
  });
  if (res.status !== 200) throw new Error(`debug login failed on ${web.base}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: { id: string; username: string; role: string } };
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 2000)}`);
    await Bun.sleep(200);
  }
}

/** Runs `tasks` with at most `width` in flight. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  }));
  return results;
}
