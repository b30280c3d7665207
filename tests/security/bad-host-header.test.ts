import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, spawnApp, type AppProcess } from '../support/processes.ts';
import { listen } from '../../src/platform/http/listen.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { leakIn } from './support/leaks.ts';
import { rawRequest } from './support/raw-http.ts';

/**
 * A Host header that is not a host[:port] is the client's mistake: 400 with the JSON error of
 * decisions.md, answered before any app code, never the runtime's error page. The app runs as
 * `npm start` runs it (no BASE_URL, embedded stores), even with NODE_ENV=development in its
 * environment, and the requests are written by hand on a socket.
 */
let app: AppProcess;
let port: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-host-'));
  port = await freePort();
  app = spawnApp({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '0', NODE_ENV: 'development' });
  await app.announced;
}, 60_000);
afterAll(async () => {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, host: string | null) => rawRequest(port, `GET ${path} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}Accept: text/html\r\nConnection: close\r\n\r\n`);

const BAD_HOSTS: [label: string, host: string][] = [
  ['a "<" in it', 'ev<il'],
  ['a space', 'a b'],
  ['nothing', ''],
  ['an unclosed IPv6 bracket', '[::1'],
  ['a name longer than DNS allows', `${'a'.repeat(60)}.`.repeat(6) + 'example'],
  ['a port that is not a number', 'localhost:80x'],
  ['a path', 'example.com/evil'],
  ['user info', 'user@example.com'],
  ['a second Host header', 'localhost\r\nHost: attacker.example'],
];

for (const [label, host] of BAD_HOSTS) {
  for (const path of ['/', '/api/books']) {
    test(`Host with ${label} is 400 Bad Host header on ${path}, as JSON without internals`, async () => {
      const res = await get(path, host);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual({ error: 'invalid_request', message: 'Bad Host header' });
      expect(leakIn(res.body)).toBeNull();
      expect(res.body).not.toContain(ROOT);
    });
  }
}

for (const host of ['localhost', 'localhost:PORT', '127.0.0.1:PORT', '[::1]:8080', 'reader.example.org', 'my_nas.lan:3000', 'example.com.']) {
  test(`an ordinary Host (${host}) still gets its answer`, async () => {
    const res = await get('/healthz', host.replace('PORT', String(port)));
    expect(res.status).toBe(200);
  });
}

test('whatever escapes the request handler is a bare JSON 500 from the server itself, never the runtime\'s error page', async () => {
  const server = listen({
    port: 0,
    log: silentLogger,
    maxRequestBodySize: 1024 * 1024,
    handler: async () => {
      throw new TypeError(`Invalid URL at ${ROOT}/src/platform/http/request-context.ts:35:38`);
    },
  });
  try {
    const res = await rawRequest(server.port!, 'GET / HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ error: 'internal_error', message: 'Something went wrong' });
  } finally {
    server.stop(true);
  }
});
