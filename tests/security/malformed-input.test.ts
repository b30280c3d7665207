import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ACCESS_MATRIX } from './access-matrix.ts';
import { leakIn } from './support/leaks.ts';
import { routeKey, routeTable, type RouteEntry } from './support/route-table.ts';
import { jsonOf, requestFor, settle } from './support/requests.ts';
import { writeRoutes } from './support/writes.ts';
import { TEST_ORIGIN, startWorld, type Caller, type World } from './support/world.ts';

/**
 * Bad bodies on every write route, sent by an admin from the site itself (past the access and CSRF
 * layers): a 4xx with the error body of decisions.md, never a 500, never an internal detail.
 */
let world: World;
let writes: RouteEntry[];
beforeAll(async () => {
  // An AI service that is configured (so AI routes read their bodies) but never answers.
  world = await startWorld({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'unused' });
  writes = writeRoutes(routeTable(world.app));
});
afterAll(() => world.app.close());

// Big enough for every length check, small enough (7 fields, under 1 MB) to get past the body limit to them.
const HUGE = 'x'.repeat(128 * 1024);

const BAD_BODIES: [label: string, contentType: string, body: string][] = [
  ['invalid JSON', 'application/json', '{"slug": "morning-bread", '],
  ['a JSON array', 'application/json', '[{"slug": "morning-bread"}]'],
  ['a JSON string', 'application/json', '"morning-bread"'],
  ['JSON null', 'application/json', 'null'],
  ['deeply nested JSON', 'application/json', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
  ['the wrong content type', 'text/plain', 'slug=morning-bread'],
  ['a made-up content type', 'application/x-unknown', '\u0000\u0001\u0002'],
  ['a broken form', 'application/x-www-form-urlencoded', '%%%=%zz&&=='],
  ['a multipart body without a boundary', 'multipart/form-data', 'garbage'],
  ['huge strings in every field', 'application/json', JSON.stringify({ slug: HUGE, text: HUGE, title: HUGE, url: HUGE, email: HUGE, username: HUGE, password: HUGE })],
];

async function callerFor(route: RouteEntry): Promise<Caller> {
  return ACCESS_MATRIX[routeKey(route)]?.endsSession ? world.throwaway('admin') : world.callers.admin;
}

function problemWith(path: string, status: number, text: string): string | null {
  const parsed = jsonOf(text) as { error?: unknown } | undefined;
  // A named 5xx (ai_not_configured, payments_not_configured) is the route's own answer; 500 is a fault.
  if (status === 500 || parsed?.error === 'internal_error' || (status > 500 && typeof parsed?.error !== 'string')) return `answered ${status}`;
  const leak = leakIn(text);
  if (leak) return `leaked ${leak}`;
  if (status >= 400 && path.startsWith('/api/')) {
    const body = jsonOf(text) as { error?: unknown; message?: unknown } | undefined;
    if (typeof body?.error !== 'string' || typeof body.message !== 'string') return `error body is not {error, message}`;
  }
  return null;
}

for (const [label, contentType, body] of BAD_BODIES) {
  test(`every write route survives ${label}`, async () => {
    const failures: string[] = [];
    for (const route of writes) {
      if (route.path === '/api/webhooks/polar') continue; // unsigned: 403 before the body matters (access-matrix)
      const base = requestFor(route, ACCESS_MATRIX[routeKey(route)], world, await callerFor(route));
      const headers = new Headers(base.headers);
      headers.set('content-type', contentType);
      const { status, text } = await settle(await world.app.handle(new Request(base.url, { method: base.method, headers, body })));
      const problem = problemWith(new URL(base.url).pathname, status, text);
      if (problem) failures.push(`${routeKey(route)}: ${problem}: ${status} ${problem.startsWith('leaked') ? text : text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
}

/**
 * Routes whose request body is JSON (the rows of the matrix that send one). KOReader's sync under
 * /kosync answers in the kosync protocol's own `{code, message}` shape instead (tests/http/kosync.test.ts).
 */
const jsonRoutes = () => writes.filter((route) => ACCESS_MATRIX[routeKey(route)]?.json !== undefined && route.path !== '/api/webhooks/polar' && !route.path.startsWith('/kosync/'));

test('a JSON route answers invalid JSON with 400 "Invalid JSON body"', async () => {
  const failures: string[] = [];
  for (const route of jsonRoutes()) {
    const base = requestFor(route, ACCESS_MATRIX[routeKey(route)], world, await callerFor(route));
    const { status, text } = await settle(await world.app.handle(new Request(base.url, { method: base.method, headers: base.headers, body: '{"oops": ' })));
    if (status !== 400 || JSON.stringify(jsonOf(text)) !== JSON.stringify({ error: 'invalid_request', message: 'Invalid JSON body' })) failures.push(`${routeKey(route)}: ${status} ${text.slice(0, 120)}`);
  }
  expect(failures).toEqual([]);
});

test('a JSON route answers an array, a string or null with 400', async () => {
  const failures: string[] = [];
  for (const route of jsonRoutes()) {
    for (const body of ['[]', '[{"slug":"morning-bread"}]', '"text"', '42', 'null']) {
      const base = requestFor(route, ACCESS_MATRIX[routeKey(route)], world, await callerFor(route));
      const { status, text } = await settle(await world.app.handle(new Request(base.url, { method: base.method, headers: base.headers, body })));
      if (status !== 400 || (jsonOf(text) as { error?: string } | undefined)?.error !== 'invalid_request') failures.push(`${routeKey(route)} ${body}: ${status} ${text.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
});

test('an oversized JSON body is 413 too_large, refused on its declared length before it is read', async () => {
  const failures: string[] = [];
  for (const route of jsonRoutes()) {
    let pulled = 0;
    const total = 64 * 1024 * 1024;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"text":"'));
      },
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled >= total) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const base = requestFor(route, ACCESS_MATRIX[routeKey(route)], world, await callerFor(route));
    const headers = new Headers(base.headers);
    headers.set('content-length', String(total));
    const request = new Request(base.url, { method: base.method, headers, body: stream, duplex: 'half' } as RequestInit);
    const { status, text } = await settle(await world.app.handle(request));
    if (status !== 413 || (jsonOf(text) as { error?: string } | undefined)?.error !== 'too_large') failures.push(`${routeKey(route)}: ${status} ${text.slice(0, 100)}`);
    else if (pulled > 4 * 1024 * 1024) failures.push(`${routeKey(route)}: read ${pulled} bytes before refusing`);
  }
  expect(failures).toEqual([]);
});

test('an unknown path or method is a JSON 404 (or 405), never 500', async () => {
  for (const [method, path] of [['POST', '/api/nope'], ['DELETE', '/api/books'], ['PATCH', '/api/book/morning-bread'], ['PUT', '/']]) {
    const res = await world.app.fetch(path!, { method, headers: { accept: 'application/json', origin: TEST_ORIGIN, cookie: world.callers.user.cookie, 'content-type': 'application/json' }, body: '{}' });
    expect([404, 405]).toContain(res.status);
    expect(leakIn(await res.text())).toBeNull();
  }
});

test('an upload its route reads itself is held to that route\'s own limit, not the 1 MB of parsed bodies', async () => {
  const caller = world.callers.user;
  const headers = { accept: 'application/json', origin: TEST_ORIGIN, cookie: caller.cookie };
  const start = await world.app.fetch('/account/avatar', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ content_type: 'image/png' }) });
  expect(start.status).toBe(200);
  const { upload_url } = (await start.json()) as { upload_url: string };
  const upload = new URL(upload_url);
  const bytes = new Uint8Array(1536 * 1024).fill(7);
  const init = { method: 'PUT', headers: { 'content-type': 'image/png', 'content-length': String(bytes.byteLength) }, body: bytes };
  // The filesystem store takes uploads on the app's own /objects route; an S3 store's link goes to S3.
  const res = upload.pathname.startsWith('/objects/') ? await world.app.fetch(upload.pathname + upload.search, init) : await fetch(upload_url, init);
  expect(res.status).toBeLessThan(300);
});
