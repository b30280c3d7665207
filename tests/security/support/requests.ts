import type { Row } from '../access-matrix.ts';
import type { RouteEntry } from './route-table.ts';
import { BOOK, FIRST_VOICE, TEST_ORIGIN, type Caller, type World } from './world.ts';

/** What stands in for each path parameter unless the row names its own value. */
export function concretePath(route: RouteEntry, row: Row | undefined, world: World): string {
  const owner = world.callers.user.session!.user;
  const defaults: Record<string, string> = {
    slug: BOOK,
    n: '1',
    username: world.callers.other.session!.user.username,
    userId: owner.id,
    voice: FIRST_VOICE,
    id: '00000000-0000-4000-8000-000000000000',
  };
  return route.path
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(row?.params?.[name] ?? defaults[name] ?? 'x'))
    .replace(/\*$/, 'security-probe.txt');
}

const fill = (value: string, world: World, caller: Caller) =>
  value.replace('{user_id}', world.callers.user.session!.user.id).replace('{username}', caller.session?.user.username ?? 'nobody')
    .replace('{my_id}', caller.session?.user.id ?? '00000000-0000-4000-8000-000000000000');

/** The request a browser or the mobile client would make for this row, as `caller`, from the site's own origin. */
export function requestFor(route: RouteEntry, row: Row | undefined, world: World, caller: Caller, extraHeaders: Record<string, string> = {}): Request {
  const method = route.method === 'ALL' ? 'POST' : route.method;
  const url = new URL(concretePath(route, row, world), TEST_ORIGIN);
  for (const [key, value] of Object.entries(row?.query ?? {})) url.searchParams.set(key, fill(value, world, caller));
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN, cookie: caller.cookie, 'user-agent': 'security-suite/1.0', ...extraHeaders };
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    if (row?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(row.form).map(([k, v]) => [k, fill(v, world, caller)])).toString();
    } else if (row?.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = fill(JSON.stringify(row.json), world, caller);
    }
  }
  return new Request(url, { method, headers, body });
}

/** Status and body text; a stream (SSE, audio) is read for a moment and then let go. */
export async function settle(response: Response): Promise<{ status: number; text: string; response: Response }> {
  const reader = response.body?.getReader();
  if (!reader) return { status: response.status, text: '', response };
  const chunks: Uint8Array[] = [];
  const deadline = Date.now() + 1500;
  while (Date.now() < deadline) {
    const next = await Promise.race([reader.read(), new Promise<null>((ok) => setTimeout(() => ok(null), Math.max(1, deadline - Date.now())))]);
    if (next === null || next.done) break;
    const value: unknown = next.value; // an SSE body may yield strings
    chunks.push(typeof value === 'string' ? new TextEncoder().encode(value) : (value as Uint8Array));
  }
  void reader.cancel().catch(() => {});
  return { status: response.status, text: Buffer.concat(chunks).toString('utf8'), response };
}

export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
