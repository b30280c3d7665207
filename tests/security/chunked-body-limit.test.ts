import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnApp, type AppProcess } from '../support/processes.ts';
import { DEBUG_TOKEN } from '../support/auth.ts';
import { postChunked } from './support/chunked-upload.ts';
import { startTestApp } from '../support/app.ts';

/**
 * A body sent with Transfer-Encoding: chunked declares no length: the server must count it while
 * reading and stop at the route's limit, as it refuses a declared Content-Length. The app runs as
 * `npm start` runs it (its own Bun.serve), and the bodies go over a real socket, pulled from the
 * client only as fast as the server reads them.
 */
const MB = 1024 * 1024;
const SENT = 40 * MB;
// Over a route's limit, what the socket buffers of both ends hold: far below the 40 MB sent.
const BUFFERED = 11 * MB;
const READ_AT_MOST = 1 * MB + BUFFERED;
const MULTIPART = 'multipart/form-data; boundary=chunked-test';
const FILE_PART = (name: string, type: string) => `--chunked-test\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;

let app: AppProcess;
let port: number;
let dataDir: string;
/** Authorization headers: the comment and avatar routes read bodies only for a signed-in reader, imports only for an admin. */
let reader: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-chunked-'));
  port = await freePort();
  app = spawnApp({
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: '0',
    DEBUG_LOGIN_TOKEN: DEBUG_TOKEN,
    ADMIN_USERNAMES: 'chunked-admin',
    IMPORT_MAX_MB: '1',
    POLAR_WEBHOOK_SECRET: 'whsec_dGVzdC13ZWJob29rLXNlY3JldC0wMTIzNDU2Nzg5',
  });
  await app.announced;
  const login = async (username: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/debug-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: DEBUG_TOKEN, username }) });
    return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  };
  reader = await login('chunked-reader');
  admin = await login('chunked-admin');
}, 60_000);
afterAll(async () => {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Caller = 'anonymous' | 'reader' | 'admin';
const ROUTES: [label: string, path: string, contentType: string, prefix: string, caller: Caller, limitMb: number][] = [
  ['reading progress, anonymously', '/api/progress', 'application/json', '{"slug":"', 'anonymous', 1],
  ['a comment', '/api/comments/morning-bread', 'application/json', '{"text":"', 'reader', 1],
  ['the sign-in form', '/login', 'application/x-www-form-urlencoded', 'username=', 'anonymous', 1],
  ['the payment webhook (it reads its raw body itself)', '/api/webhooks/polar', 'application/json', '{"type":"', 'anonymous', 1],
  // Upload routes read their own bodies and have their own limits (the file's, and room for framing).
  ['the import upload (IMPORT_MAX_MB=1)', '/api/admin/import', MULTIPART, `${FILE_PART('novel.pdf', 'application/pdf')}%PDF-1.7\n`, 'admin', 2],
  ['the avatar form (it reads the whole form)', '/account/avatar/upload', MULTIPART, FILE_PART('me.png', 'image/png'), 'reader', 3],
];

for (const [label, path, contentType, prefix, caller, limitMb] of ROUTES) {
  test(`a 40 MB chunked body to ${label} is 413 too_large after about the limit is read`, async () => {
    const auth = caller === 'reader' ? reader : caller === 'admin' ? admin : {};
    const res = await postChunked(`http://127.0.0.1:${port}${path}`, { contentType, prefix, totalBytes: SENT, headers: { accept: 'application/json', ...auth } });
    const readAtMost = limitMb * MB + BUFFERED;
    expect({ status: res.status, pulled: res.pulled < readAtMost ? 'about the limit' : `${res.pulled} bytes` }).toEqual({ status: 413, pulled: 'about the limit' });
    expect(res.contentType).toContain('application/json');
    const body = JSON.parse(res.body) as { error: string; message: string };
    expect(body.error).toBe('too_large');
    // The route's own check may answer first, with its own words.
    expect(body.message).toMatch(/\d MB/);
  }, 60_000);
}

test('a browser posting the sign-in form chunked gets the 413 as a page', async () => {
  const res = await postChunked(`http://127.0.0.1:${port}/login`, { contentType: 'application/x-www-form-urlencoded', prefix: 'username=', totalBytes: SENT, headers: { accept: 'text/html' } });
  expect(res.status).toBe(413);
  expect(res.contentType).toContain('text/html');
  expect(res.pulled).toBeLessThan(READ_AT_MOST);
}, 60_000);

test('a small chunked body still reaches its route', async () => {
  const res = await postChunked(`http://127.0.0.1:${port}/api/progress`, { contentType: 'application/json', prefix: '{"slug":"no-such-book","chapter":1}', totalBytes: 0, headers: { accept: 'application/json' } });
  expect(res.status).not.toBe(413);
  expect(res.status).toBeLessThan(500);
}, 30_000);

test('BODY_MAX_MB sets the limit of ordinary bodies', async () => {
  const small = await startTestApp({ seed: false, env: { BODY_MAX_MB: '0.5' } });
  try {
    const res = await small.fetch('/api/progress', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ slug: 'x'.repeat(600 * 1024), chapter: 1 }) });
    expect([res.status, await res.json()]).toEqual([413, { error: 'too_large', message: 'Request bodies are limited to 0.5 MB' }]);
  } finally {
    await small.close();
  }
}, 120_000);
