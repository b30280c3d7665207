import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createLogger } from '../../src/platform/log.ts';
import { DEBUG_TOKEN, cookieHeader } from '../support/auth.ts';

/**
 * Without BASE_URL the site follows the address it is reached at (localhost, 127.0.0.1, a LAN
 * address): writes from there save, links point back there. With BASE_URL, only that origin writes.
 */
const ANON = 'session_id=origins-reader-0123456789abcdef';

function at(app: TestApp, origin: string, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return app.handle(new Request(new URL(path, origin), init));
}

function saveProgress(app: TestApp, siteOrigin: string, claimed: string, header: 'origin' | 'referer' = 'origin') {
  const value = header === 'origin' ? claimed : `${claimed}/book/morning-bread/1`;
  return at(app, siteOrigin, '/api/progress', {
    method: 'POST',
    headers: { cookie: ANON, 'content-type': 'application/json', accept: 'application/json', [header]: value },
    body: JSON.stringify({ slug: 'morning-bread', chapter: 2 }),
  });
}

describe('BASE_URL unset: the request decides', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { BASE_URL: '', DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' } });
  });
  afterAll(() => app.close());

  for (const origin of ['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://localhost:3000']) {
    test(`a write from ${origin} saves`, async () => {
      const res = await saveProgress(app, origin, origin);
      expect(res.status).toBeLessThan(300);
    });
  }

  test('a write whose Referer (no Origin) is the same address saves', async () => {
    const res = await saveProgress(app, 'http://192.168.1.20:3000', 'http://192.168.1.20:3000', 'referer');
    expect(res.status).toBeLessThan(300);
  });

  test('a cross-site write is still refused, by Origin or by Referer', async () => {
    for (const header of ['origin', 'referer'] as const) {
      const res = await saveProgress(app, 'http://192.168.1.20:3000', 'http://evil.example', header);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'Cross-site request refused' });
    }
    // Another port on the same host is another origin.
    expect((await saveProgress(app, 'http://127.0.0.1:3000', 'http://127.0.0.1:4000')).status).toBe(403);
  });

  test('pages link to the address the reader used', async () => {
    const html = await (await at(app, 'http://192.168.1.20:3000', '/book/morning-bread')).text();
    expect(html).toContain('<link rel="canonical" href="http://192.168.1.20:3000/book/morning-bread"');
    expect(html).not.toContain('http://localhost:3000');
  });

  test('robots.txt and the sitemap name the address the crawler used', async () => {
    expect(await (await at(app, 'http://192.168.1.20:3000', '/robots.txt')).text()).toContain('Sitemap: http://192.168.1.20:3000/sitemap.xml');
    expect(await (await at(app, 'http://127.0.0.1:3000', '/sitemap.xml')).text()).toContain('http://127.0.0.1:3000/sitemaps/');
    expect(await (await at(app, 'http://192.168.1.20:3000', '/sitemap.xml')).text()).not.toContain('127.0.0.1');
  });

  test('a provider sign-in started at a LAN address comes back to it', async () => {
    const res = await at(app, 'http://192.168.1.20:3000', '/auth/github');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('redirect_uri')).toBe('http://192.168.1.20:3000/auth/github/callback');
  });

  test('signed object links (avatars, audio) use the address the reader used', async () => {
    const login = await at(app, 'http://127.0.0.1:3000', '/api/auth/debug-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
      body: JSON.stringify({ token: DEBUG_TOKEN, username: 'lan-reader' }),
    });
    expect(login.status).toBe(200);
    const cookie = cookieHeader(login);
    const res = await at(app, 'http://127.0.0.1:3000', '/account/avatar', { method: 'POST', headers: { cookie, origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' }, body: JSON.stringify({ content_type: 'image/png' }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { upload_url: string };
    // The embedded object store signs links for the address in use; S3 uses S3_PUBLIC_URL instead.
    if (app.platform.objects.kind === 'fs') expect(body.upload_url).toStartWith('http://127.0.0.1:3000/objects/');
  });
});

describe('BASE_URL set: only that origin writes', () => {
  let app: TestApp;
  const warnings: string[] = [];
  beforeAll(async () => {
    const log = createLogger('warn', {}, (line) => warnings.push(line));
    app = await startTestApp({ env: { BASE_URL: 'https://read.example.com' }, log });
  });
  afterAll(() => app.close());

  test('a write from the configured origin saves', async () => {
    expect((await saveProgress(app, 'https://read.example.com', 'https://read.example.com')).status).toBeLessThan(300);
  });

  test('a write from another address is refused, and the log names the BASE_URL to set, once', async () => {
    for (let i = 0; i < 2; i++) expect((await saveProgress(app, 'http://127.0.0.1:3000', 'http://127.0.0.1:3000')).status).toBe(403);
    const named = warnings.filter((line) => line.includes('set BASE_URL=http://127.0.0.1:3000'));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain('BASE_URL is https://read.example.com');
  });

  test('a cross-site write is refused without that warning', async () => {
    const before = warnings.length;
    expect((await saveProgress(app, 'https://read.example.com', 'http://evil.example')).status).toBe(403);
    expect(warnings.length).toBe(before);
  });

  test('links use BASE_URL whatever address was used', async () => {
    const html = await (await at(app, 'http://127.0.0.1:3000', '/book/morning-bread')).text();
    expect(html).toContain('<link rel="canonical" href="https://read.example.com/book/morning-bread"');
  });
});
