import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { ACCESS_MATRIX } from './access-matrix.ts';
import { routeKey, routeTable } from './support/route-table.ts';
import { requestFor } from './support/requests.ts';
import { startWorld, type World } from './support/world.ts';

/**
 * Every HTML page (read from the route table, fetched as an admin so admin pages render too, and
 * the error pages) carries the security headers: a CSP whose script-src allows no inline script,
 * frame-ancestors, Referrer-Policy and nosniff. HSTS only when the site is served over https.
 */
let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.app.close());

function problemsWith(headers: Headers): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  if (!scripts) problems.push('no script-src');
  else if (scripts.some((v) => v === "'unsafe-inline'" || v === "'unsafe-eval'" || v === '*' || v === 'data:' || v === 'http:' || v === 'https:')) problems.push(`script-src too loose: ${scripts.join(' ')}`);
  // Inline event handlers and script elements have directives of their own that would loosen script-src.
  for (const name of ['script-src-attr', 'script-src-elem']) {
    if (directives.get(name)?.some((v) => v === "'unsafe-inline'" || v === "'unsafe-eval'" || v === '*')) problems.push(`${name} allows inline script`);
  }
  if (!directives.get('frame-ancestors')?.every((v) => v === "'none'" || v === "'self'")) problems.push('frame-ancestors missing or loose');
  if (!directives.get('object-src')?.includes("'none'")) problems.push("object-src is not 'none'");
  if (!directives.has('base-uri')) problems.push('no base-uri');
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (!/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(headers.get('referrer-policy') ?? '')) problems.push(`referrer-policy ${headers.get('referrer-policy')}`);
  return problems;
}

test('every HTML page from the route table carries the security headers', async () => {
  const failures: string[] = [];
  let pages = 0;
  for (const route of routeTable(world.app).filter((r) => r.method === 'GET')) {
    const base = requestFor(route, ACCESS_MATRIX[routeKey(route)], world, world.callers.admin, { accept: 'text/html' });
    const res = await world.app.handle(base);
    void res.body?.cancel();
    if (!(res.headers.get('content-type') ?? '').includes('text/html')) continue;
    pages++;
    for (const problem of problemsWith(res.headers)) failures.push(`${routeKey(route)} (${res.status}): ${problem}`);
    if (res.headers.has('strict-transport-security')) failures.push(`${routeKey(route)}: HSTS over plain http`);
  }
  expect(pages).toBeGreaterThan(20);
  expect(failures).toEqual([]);
});

test('error pages and redirects carry them too', async () => {
  for (const [path, cookie] of [['/no-such-page', ''], ['/book/no-such-book', ''], ['/admin', world.callers.user.cookie], ['/account', '']] as const) {
    const res = await world.app.fetch(path, { headers: { accept: 'text/html', cookie } });
    expect(problemsWith(res.headers)).toEqual([]);
  }
});

test('JSON answers are not sniffed or framed either', async () => {
  const res = await world.app.fetch('/api/books', { headers: { accept: 'application/json' } });
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

describe('HSTS', () => {
  let secure: TestApp;
  let proxied: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    [secure, proxied, direct] = await Promise.all([
      startTestApp({ seed: false, env: { BASE_URL: 'https://novels.example' } }),
      startTestApp({ seed: false, env: { BASE_URL: '', TRUST_PROXY: '1' } }),
      // No BASE_URL and no trusted proxy: the scheme is the request's own, whatever a header claims.
      startTestApp({ seed: false, env: { BASE_URL: '' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([secure.close(), proxied.close(), direct.close()]);
  });

  test('is sent when BASE_URL is https, with a long max-age', async () => {
    const res = await secure.handle(new Request('https://novels.example/', { headers: { accept: 'text/html' } }));
    const hsts = res.headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15552000);
    expect(problemsWith(res.headers)).toEqual([]);
  });

  test('is sent behind a trusted proxy that says the request came over https', async () => {
    const res = await proxied.handle(new Request('http://10.0.0.5:3000/', { headers: { accept: 'text/html', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'novels.example' } }));
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  test('is not sent for plain http, nor when an untrusted client claims https', async () => {
    const plain = await proxied.handle(new Request('http://10.0.0.5:3000/', { headers: { accept: 'text/html' } }));
    expect(plain.headers.has('strict-transport-security')).toBe(false);
    const claimed = await world.app.handle(new Request('http://localhost:3000/', { headers: { accept: 'text/html', 'x-forwarded-proto': 'https' } }));
    expect(claimed.headers.has('strict-transport-security')).toBe(false);
    const untrusted = await direct.handle(new Request('http://10.0.0.5:3000/', { headers: { accept: 'text/html', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'novels.example' } }));
    expect(untrusted.headers.has('strict-transport-security')).toBe(false);
  });
});
