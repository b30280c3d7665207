import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { Elysia, t } from 'elysia';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const json = { accept: 'application/json' };
const html = { accept: 'text/html' };

describe('health', () => {
  test('/healthz answers 200 while the process is up', async () => {
    const res = await app.fetch('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('/readyz answers 200 with every part named', async () => {
    const res = await app.fetch('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', cache: 'ok', objects: 'ok' } });
  });
});

describe('errors', () => {
  test('an unknown /api/ route is a JSON 404 in the documented shape', async () => {
    const res = await app.fetch('/api/no-such-thing', { headers: json });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Not found' });
  });

  test('an unknown page is an HTML 404 page in the visitor language', async () => {
    const res = await app.fetch('/no-such-page', { headers: { ...html, 'accept-language': 'pt-BR,pt;q=0.9' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const body = await res.text();
    expect(body).toContain('<html lang="pt"');
    expect(body).toContain('href="/"');
  });

  test('an unknown page greets a signed-in reader as signed in, not with "Sign in"', async () => {
    const { cookie } = await loginAs(app, 'lostreader');
    const body = await (await app.fetch('/no-such-page', { headers: { ...html, cookie } })).text();
    expect(body).toContain('lostreader');
    expect(body).not.toContain('href="/login?return_to=');
    const visitor = await (await app.fetch('/no-such-page', { headers: html })).text();
    expect(visitor).toContain('href="/login?return_to=');
  });

  test('validation errors are 400 with a message naming the field, malformed JSON is "Invalid JSON body"', async () => {
    const bad = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'application/json', ...json }, body: JSON.stringify({ theme: 'neon' }) });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; message: string };
    expect(body.error).toBe('invalid_request');
    expect(body.message).toContain('theme');
    const malformed = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'application/json', ...json }, body: '{"theme":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_request', message: 'Invalid JSON body' });
  });

  test('bodies that are not a JSON object, and unknown body types, are 4xx, never coerced', async () => {
    for (const body of ['[1,2]', '"theme"', '5']) {
      const res = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'application/json', ...json }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Expected a JSON object' });
    }
    const text = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'text/plain', ...json }, body: 'theme=slate' });
    expect(text.status).toBe(415);
    const multipart = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', ...json }, body: 'garbage' });
    expect(multipart.status).toBe(400);
    expect(await multipart.json()).toEqual({ error: 'invalid_request', message: 'Invalid request body' });
  });

  test('malformed percent-encoding in a path is a 400, not a 500', async () => {
    const res = await app.fetch('/covers/%E0%A4%A', { headers: json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Invalid object key' });
  });

  test('no stack trace, SQL or file path reaches a response', async () => {
    const res = await app.fetch('/covers/..%2F..%2Fetc%2Fpasswd', { headers: json });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toMatch(/\/work\/|at .*\(|select |node_modules/i);
  });
});

describe('request id and logs', () => {
  test('every response carries a request id; a sane incoming one is kept', async () => {
    const fresh = await app.fetch('/healthz');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    const kept = await app.fetch('/healthz', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-12345678');
    const refused = await app.fetch('/healthz', { headers: { 'x-request-id': 'bad id with spaces <script>' } });
    expect(refused.headers.get('x-request-id')).not.toContain(' ');
  });

  test('one JSON line per request with the documented fields and no cookies or tokens', async () => {
    const lines: string[] = [];
    const { createLogger } = await import('../../src/platform/log.ts');
    const logged = await startTestApp({ seed: false, log: createLogger('debug', {}, (l) => lines.push(l)) });
    try {
      await logged.fetch('/api/missing?token=abc', { headers: { cookie: 'auth_token=secret-token-value', authorization: 'Bearer zzz', ...json } });
      const entry = lines.map((l) => JSON.parse(l)).find((e) => e.msg === 'request' && e.path === '/api/missing');
      expect(entry).toBeDefined();
      for (const field of ['time', 'level', 'msg', 'req_id', 'method', 'path', 'status', 'ms']) expect(entry).toHaveProperty(field);
      expect(entry.status).toBe(404);
      expect(lines.join('\n')).not.toContain('secret-token-value');
      expect(lines.join('\n')).not.toContain('zzz');
      expect(lines.join('\n')).not.toContain('abc');
    } finally {
      await logged.close();
    }
  });
});

describe('OpenAPI', () => {
  test('/api/openapi.json is an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await app.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/readyz']?.get?.responses).toHaveProperty('503');
    expect(doc.paths['/prefs']?.post).toBeDefined();
  });

  test('/api/docs renders the document as a page without third-party scripts', async () => {
    const res = await app.fetch('/api/docs', { headers: html });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('/readyz');
    expect(body).not.toMatch(/<script[^>]+src="https?:/);
  });
});

describe('static files and compression', () => {
  test('htmx and the stylesheet are served from the app with fingerprinted names and long caching', async () => {
    const page = await (await app.fetch('/', { headers: html })).text();
    const htmx = /src="(\/assets\/vendor\/htmx\.min\.[0-9a-f]{10}\.js)"/.exec(page)?.[1];
    const css = /href="(\/assets\/css\/app\.[0-9a-f]{10}\.css)"/.exec(page)?.[1];
    expect(htmx).toBeDefined();
    expect(css).toBeDefined();
    const res = await app.fetch(htmx!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toContain('htmx');
    expect((await app.fetch('/assets/css/app.0000000000.css')).status).toBe(404);
  });

  test('text is compressed with brotli or gzip when the client accepts it', async () => {
    const page = await (await app.fetch('/', { headers: html })).text();
    const css = /href="(\/assets\/css\/app\.[0-9a-f]{10}\.css)"/.exec(page)![1]!;
    const br = await app.fetch(css, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toContain('data-theme');
    const gz = await app.fetch('/', { headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toContain('<!doctype html>');
    const plain = await app.fetch('/', { headers: html });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  test('pages carry a strict content security policy', async () => {
    const res = await app.fetch('/', { headers: html });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
  });
});

describe('preferences for anonymous visitors', () => {
  test('the no-JS form saves cookies and sends the visitor back where they were', async () => {
    const res = await app.fetch('/prefs', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      body: 'theme=light-rose&locale=fr&font_family=serif&font_size=1.25&return_to=%2Fsearch%3Fq%3Dx',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/search?q=x');
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => !c.startsWith('session_id=')).sort();
    expect(cookies).toEqual(['font_family=serif', 'font_size=1.25', 'locale=fr', 'theme=light-rose']);
    const page = await (await app.fetch('/', { headers: { ...html, cookie: cookies.join('; ') } })).text();
    expect(page).toContain('<html lang="fr" data-theme="light-rose" data-font="serif"');
  });

  test('htmx saves answer 204; a foreign return_to never redirects off-site', async () => {
    const htmx = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' }, body: 'theme=slate' });
    expect(htmx.status).toBe(204);
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `theme=slate&return_to=${encodeURIComponent(target)}` });
      expect(res.headers.get('location')).toBe('/');
    }
  });

  test('invalid values are refused with 400 and the field named', async () => {
    const res = await app.fetch('/prefs', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...json }, body: 'font_size=0' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('font_size');
  });
});

describe('CSRF', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: 'session_id=abc', ...json };
  test('a cookie-carrying write from another origin is 403', async () => {
    const res = await app.fetch('/prefs', { method: 'POST', headers: { ...form, origin: 'https://evil.example' }, body: 'theme=slate' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'forbidden', message: 'Cross-site request refused' });
    const viaReferer = await app.fetch('/prefs', { method: 'POST', headers: { ...form, referer: 'https://evil.example/page' }, body: 'theme=slate' });
    expect(viaReferer.status).toBe(403);
  });

  test('same origin, no Origin/Referer at all, or a Bearer token pass', async () => {
    expect((await app.fetch('/prefs', { method: 'POST', headers: { ...form, origin: 'http://localhost:3000' }, body: 'theme=slate' })).status).toBe(303);
    expect((await app.fetch('/prefs', { method: 'POST', headers: form, body: 'theme=slate' })).status).toBe(303);
    const bearer = await app.fetch('/prefs', { method: 'POST', headers: { ...form, origin: 'https://app.example', authorization: 'Bearer x' }, body: 'theme=slate' });
    expect(bearer.status).toBe(303);
  });
});

describe('home page', () => {
  test('shows the demo catalogue with covers that load', async () => {
    const res = await app.fetch('/', { headers: html });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('The Ninth Mountain Sect');
    const cover = /src="(\/covers\/[^"]+\.svg)"/.exec(body)?.[1];
    expect(cover).toBeDefined();
    const img = await app.fetch(cover!);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect(img.headers.get('content-security-policy')).toContain('sandbox');
  });
});

test('a handler error becomes a bare 500 with the request id logged, never the stack', async () => {
  const { errorHandler } = await import('../../src/platform/http/error-handler.ts');
  const lines: string[] = [];
  const { createLogger } = await import('../../src/platform/log.ts');
  const log = createLogger('debug', {}, (l) => lines.push(l));
  const boom = new Elysia()
    .use(errorHandler({ baseUrl: 'http://localhost:3000', asset: (p) => p }, log))
    .get('/api/boom', () => {
      throw new Error('secret internals at /work/main/src/x.ts');
    })
    .post('/api/typed', ({ body }) => body, { body: t.Object({ n: t.Integer({ minimum: 1 }) }) });
  const res = await boom.handle(new Request('http://localhost/api/boom'));
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({ error: 'internal_error', message: 'Something went wrong' });
  expect(lines.some((l) => l.includes('secret internals'))).toBe(true);
  const typed = await boom.handle(new Request('http://localhost/api/typed', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":0}' }));
  expect(typed.status).toBe(400);
  expect(((await typed.json()) as { message: string }).message).toMatch(/^n: /);
});
