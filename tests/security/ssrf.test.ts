import { afterAll, beforeAll, expect, test } from 'bun:test';
import { loginAs, type Session } from '../support/auth.ts';
import { startScrapeApp, type ScrapeTestApp } from '../support/scrape-app.ts';
import { adminPost, startScrape, waitForTask } from '../support/scrape-tasks.ts';
import { SHORT_BOOK, SMALL_LIGHTS, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { TEST_ORIGIN } from './support/world.ts';

/**
 * Server-side requests a user can aim: the admin scrape endpoints (a URL, then whatever the source's
 * pages redirect to or name as a cover), and markdown images in comments. An internal service
 * stands on another loopback port and counts what reaches it; nothing ever may. The unit test of
 * the guard (tests/unit/sources-guard.test.ts) covers names that resolve to private addresses.
 */
let site: SourceSite;
let app: ScrapeTestApp;
let admin: Session;
let internal: ReturnType<typeof Bun.serve>;
const reached: string[] = [];

beforeAll(async () => {
  internal = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => (reached.push(request.url), new Response('secret', { headers: { 'content-type': 'image/png' } })) });
  site = await startSourceSite();
  app = await startScrapeApp({ siteUrl: site.novelfireUrl, sources: { maxRetries: 0, timeoutMs: 1_000 } });
  admin = await loginAs(app, 'ssrf-admin', { role: 'admin' });
}, 60_000);
afterAll(async () => {
  await app.close();
  await site.close();
  internal.stop(true);
});

/** Internal addresses in the spellings that slip past naive checks. */
function internalUrls(): string[] {
  const port = internal.port;
  const sitePort = Number(new URL(site.url).port);
  const path = `/book/${SHORT_BOOK}`;
  return [
    `http://127.0.0.1:${port}${path}`,
    `http://localhost:${port}${path}`,
    `http://127.1:${port}${path}`,
    `http://2130706433:${port}${path}`, // decimal
    `http://017700000001:${port}${path}`, // octal
    `http://0x7f000001:${port}${path}`, // hexadecimal
    `http://0x7f.0.0.1:${port}${path}`,
    `http://0177.0.0.1:${port}${path}`,
    `http://[::1]:${port}${path}`,
    `http://[::ffff:127.0.0.1]:${port}${path}`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}${path}`,
    `http://[::ffff:7f00:1]:${port}${path}`,
    `http://0.0.0.0:${port}${path}`,
    `http://0:${port}${path}`,
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.0.0.1/book/x',
    'http://172.16.0.1/book/x',
    'http://192.168.0.1/book/x',
    'http://100.64.0.1/book/x',
    'http://[fe80::1]/book/x',
    'http://[fc00::1]/book/x',
    `http://localtest.me:${port}${path}`, // a public name that resolves to 127.0.0.1
    `http://127.0.0.1.nip.io:${port}${path}`,
    `http://novelfire.net@127.0.0.1:${port}${path}`,
    `http://127.0.0.1:${port}\\@novelfire.net${path}`,
    `http://127.0.0.1:${port}#@novelfire.net${path}`,
    `http://novelfire.net.127.0.0.1.nip.io${path}`,
    `http://127.0.0.1:${sitePort + 1}${path}`, // the configured loopback source, another port
    `https://127.0.0.1:${sitePort}${path}`, // the configured source, another scheme
    `file:///etc/passwd`,
    `gopher://127.0.0.1:${port}/_GET%20/`,
    `dict://127.0.0.1:${port}/info`,
    `ftp://127.0.0.1:${port}${path}`,
    `  http://127.0.0.1:${port}${path}`,
    `http://127.0.0.1:${port}${path}`.toUpperCase(),
  ];
}

async function taskCount(): Promise<number> {
  const res = await app.fetch('/api/admin/scrape-tasks?limit=200', { headers: { cookie: admin.cookie, accept: 'application/json' } });
  return ((await res.json()) as { tasks: unknown[] }).tasks.length;
}

test('POST /api/scrape and /api/scrape/range refuse every internal address with 400 {error, message}, queue nothing and reach nothing', async () => {
  const before = await taskCount();
  const failures: string[] = [];
  for (const url of internalUrls()) {
    for (const [path, body] of [['/api/scrape', { url }], ['/api/scrape/range', { url, from: 1 }]] as const) {
      const res = await adminPost(app, admin, path, body);
      const json = (await res.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
      if (res.status !== 400 || json?.error !== 'invalid_request' || typeof json.message !== 'string') failures.push(`${path} ${url}: ${res.status} ${JSON.stringify(json)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(await taskCount()).toBe(before);
  await Bun.sleep(200);
  expect(reached).toEqual([]);
  expect(site.control.requests).toEqual([]);
}, 30_000);

test('a source page that redirects to an internal address fails the task; the internal address is never reached', async () => {
  for (const location of [`http://127.0.0.1:${internal.port}/book/x`, 'http://169.254.169.254/latest/meta-data/', `http://[::ffff:127.0.0.1]:${internal.port}/`, `http://2130706433:${internal.port}/`]) {
    site.control.reset();
    site.control.fault(`/book/${SHORT_BOOK}`, { redirect: location }, Infinity);
    const task = await waitForTask(app, admin, await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SHORT_BOOK}` }), undefined, 20_000);
    expect({ location, status: task.status }).toEqual({ location, status: 'failed' });
    expect(JSON.stringify(task)).not.toContain('secret');
  }
  expect(reached).toEqual([]);
  const book = await app.platform.db.selectFrom('books').select('slug').where('slug', '=', SHORT_BOOK).executeTakeFirst();
  expect(book).toBeUndefined();
}, 30_000);

test('a cover that redirects to an internal address is not fetched: the book is stored without it', async () => {
  site.control.reset();
  site.control.fault(`/static/covers/${SMALL_LIGHTS}.svg`, { redirect: `http://127.0.0.1:${internal.port}/cover.png` }, Infinity);
  const task = await waitForTask(app, admin, await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SMALL_LIGHTS}` }), undefined, 25_000);
  expect(task.status).toBe('done');
  const book = await app.platform.db.selectFrom('books').select(['cover_key']).where('slug', '=', SMALL_LIGHTS).executeTakeFirstOrThrow();
  expect(book.cover_key).toBeNull();
  expect(site.control.requests.some((r) => r.path === `/static/covers/${SMALL_LIGHTS}.svg`)).toBe(true);
  expect(reached).toEqual([]);
}, 30_000);

test('markdown images in a comment are never fetched by the server', async () => {
  const reader = await loginAs(app, 'ssrf-reader');
  const text = [`![a](http://127.0.0.1:${internal.port}/pixel.png)`, `<img src="http://127.0.0.1:${internal.port}/img.png">`, `[x](http://169.254.169.254/)`].join('\n\n');
  const res = await app.fetch(`/api/comments/${SMALL_LIGHTS}`, { method: 'POST', headers: { cookie: reader.cookie, origin: TEST_ORIGIN, accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
  expect(res.status).toBe(201);
  for (const path of [`/api/comments/${SMALL_LIGHTS}`, `/book/${SMALL_LIGHTS}`, `/book/${SMALL_LIGHTS}/comments`]) await (await app.fetch(path, { headers: { cookie: reader.cookie } })).text();
  await Bun.sleep(200);
  expect(reached).toEqual([]);
});
