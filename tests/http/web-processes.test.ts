import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, withAdmin } from '../support/db.ts';
import { freePort, spawnApp, webProcessesOf, type AppProcess } from '../support/processes.ts';
import { withRealServers } from '../support/servers.ts';
import { testRedisUrl } from '../support/cache.ts';
import { until } from '../support/until.ts';

/**
 * WEB_PROCESSES=2 as an operator runs it: one `bun src/main.ts` serving the port with a second web
 * process it started (the kernel spreads connections between them), restarted when it dies, stopped
 * with it, and stopping by itself when the first is killed outright. PostgreSQL and Redis are
 * required (the processes share them): only with `npm run test:real` (CI runs both).
 */
const name = `chapterhouse_webproc_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-webproc-'));
let app: AppProcess;
let port: number;

/** Whether process `pid` holds a socket listening on `port` (from /proc/net/tcp{,6} and its descriptors). */
function listensOn(pid: number, port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}


const healthy = () => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);

beforeAll(async () => {
  if (!withRealServers) return;
  await withAdmin((c) => c.query(`create database "${name}"`));
  port = await freePort();
  app = spawnApp({ DATABASE_URL: databaseUrl(name), REDIS_URL: testRedisUrl(), DATA_DIR: dataDir, PORT: String(port), WEB_PROCESSES: '2', SEED_DEMO: '0', AUTH_SECRET: 'web-processes-secret-long-enough-0000000' });
  await app.announced;
}, 60_000);

afterAll(async () => {
  await app?.stop();
  if (withRealServers) await withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe.if(withRealServers)('WEB_PROCESSES=2', () => {
  test('a second web process serves the same port, is started again when it dies, and stops with the first', async () => {
    const second = await until(() => webProcessesOf(app.child.pid)[0]);
    await until(() => (listensOn(second, port) ? true : undefined));
    expect(listensOn(app.child.pid, port)).toBe(true);
    expect(readFileSync(`/proc/${second}/environ`, 'utf8').split('\0')).toEqual(expect.arrayContaining(['ROLE=web', `PORT=${port}`, 'SEED_DEMO=0']));
    expect(await healthy()).toBe(200);

    process.kill(second, 'SIGKILL');
    const next = await until(() => webProcessesOf(app.child.pid).find((pid) => pid !== second));
    await until(() => (listensOn(next, port) ? true : undefined));

    await app.stop();
    await until(() => (existsSync(`/proc/${next}`) ? undefined : true));
  }, 60_000);

  test('a web process whose starter was killed outright serves on, then stops by itself', async () => {
    app = spawnApp({ DATABASE_URL: databaseUrl(name), REDIS_URL: testRedisUrl(), DATA_DIR: dataDir, PORT: String(port), WEB_PROCESSES: '2', SEED_DEMO: '0', AUTH_SECRET: 'web-processes-secret-long-enough-0000000' });
    await app.announced;
    const second = await until(() => webProcessesOf(app.child.pid)[0]);
    await until(() => (listensOn(second, port) ? true : undefined));
    app.child.kill('SIGKILL');
    await app.child.exited;
    expect(await until(async () => ((await healthy()) === 200 ? 200 : undefined), 10_000)).toBe(200);
    await until(() => (existsSync(`/proc/${second}`) ? undefined : true), 15_000);
    expect(await healthy()).toBe(0);
  }, 60_000);
});
